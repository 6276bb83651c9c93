/**
 * One account's emoji as the message screen shows them: the list of bundled pictures
 * (loaded after first paint), the Unicode catalog (loaded when first wanted, by the picker
 * or the compose box taking focus, so a reader who never writes does not hold it), the
 * organization's custom emoji (kept current by `emoji.realmChanged`), the skin tone
 * (remembered in this browser) and the recently used emoji (remembered per account).
 * Shared with the picker, reactions and compose through Svelte context.
 */
import { getContext, setContext } from 'svelte';
import {
  charsOfCode,
  loadEmojiCatalog,
  normalizeCode,
  parseRecent,
  rememberRecent,
  type EmojiCatalog,
  type RealmEmoji,
  type RecentEmoji,
  type SkinTone,
} from '../../lib/emoji/index.ts';
import { invoke, on } from '../bridge.ts';
import { loadEmojiImageNames } from './emoji-images.ts';
import { errorText } from './errors.ts';
import { isSameOrigin, onServer } from './message-html.ts';

const TONE_KEY = 'perch.emoji.skinTone';
const recentKey = (accountId: string) => `perch.emoji.recent:${accountId}`;
const CONTEXT = Symbol('perch.emoji');

function readStored(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function store(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage may be refused (private windows): the choice then lasts for this visit.
  }
}

function storedTone(): SkinTone {
  const t = readStored(TONE_KEY);
  return typeof t === 'number' && Number.isInteger(t) && t >= 0 && t <= 5 ? (t as SkinTone) : 0;
}

export class EmojiState {
  catalog = $state.raw<EmojiCatalog | undefined>();
  catalogError = $state<string | undefined>();
  /** The bundled pictures' names have loaded: an emoji's picture URL is then final. */
  imagesReady = $state(false);
  realm = $state.raw<RealmEmoji[]>([]);
  skinTone = $state<SkinTone>(storedTone());
  recent = $state.raw<RecentEmoji[]>([]);
  /** The user's `emojiset` (spec 4.1): 'text' shows every emoji as its `:name:`. */
  emojiset = $state<string | undefined>();
  /** The user's `display_emoji_reaction_users`: names on a message with few reactions. */
  reactionUsers = $state(true);

  constructor(
    readonly accountId: string,
    readonly serverUrl: string,
  ) {
    this.recent = parseRecent(readStored(recentKey(accountId)));
  }

  /** Loads the picture names and the custom emoji and follows changes; returns the unsubscribe. */
  start(): () => void {
    void loadEmojiImageNames().then(
      () => (this.imagesReady = true),
      // Without the list, pictures are tried by code; a missing one falls back to its characters.
      () => undefined,
    );
    void this.loadRealm();
    void this.loadSettings();
    const offRealm = on('emoji.realmChanged', ({ accountId }) => {
      if (accountId === this.accountId) void this.loadRealm();
    });
    // Settings changed here or on another device apply to every emoji at once.
    const offSettings = on('settings.changed', ({ accountId, values }) => {
      if (accountId === this.accountId) this.applySettings(values);
    });
    return () => {
      offRealm();
      offSettings();
    };
  }

  /** Every emoji as `:name:` instead of a picture, as the 'text' emoji set asks. */
  get textOnly(): boolean {
    return this.emojiset === 'text';
  }

  applySettings(values: Record<string, unknown>): void {
    const set = values['emojiset'];
    if (typeof set === 'string') this.emojiset = set;
    const users = values['display_emoji_reaction_users'];
    if (typeof users === 'boolean') this.reactionUsers = users;
  }

  async loadSettings(): Promise<void> {
    try {
      const { values } = await invoke('settings.get', { accountId: this.accountId });
      this.applySettings(values);
    } catch {
      // Without them emoji show as pictures and reactions with names: the server's defaults.
    }
  }

  async loadCatalog(): Promise<void> {
    this.catalogError = undefined;
    try {
      const [catalog] = await Promise.all([loadEmojiCatalog(), loadEmojiImageNames()]);
      this.imagesReady = true;
      this.catalog = catalog;
    } catch (err) {
      this.catalogError = errorText(err);
    }
  }

  /** The catalog is about to be wanted (the compose box took focus): load it once. */
  wantCatalog(): void {
    if (!this.catalog && !this.catalogError) void this.loadCatalog();
  }

  async loadRealm(): Promise<void> {
    try {
      this.realm = await invoke('emoji.realm', { accountId: this.accountId });
    } catch {
      // Without the list, custom emoji in reactions show by name; Unicode ones still work.
    }
  }

  setSkinTone(tone: SkinTone): void {
    this.skinTone = tone;
    store(TONE_KEY, tone);
  }

  remember(used: RecentEmoji): void {
    this.recent = rememberRecent(this.recent, used);
    store(recentKey(this.accountId), this.recent);
  }

  /** A custom emoji's image, only from the account's own server (as message images). */
  imageOf(id: string): string | undefined {
    const e = this.realm.find((r) => r.id === id);
    const url = e ? onServer(e.source_url, this.serverUrl) : undefined;
    return url && isSameOrigin(url, this.serverUrl) ? url : undefined;
  }

  /** The characters of a Unicode emoji code, fully qualified when the catalog knows it. */
  charsOf(code: string): string | undefined {
    return this.catalog?.byCode.get(normalizeCode(code))?.char ?? charsOfCode(code);
  }
}

export function provideEmoji(state: EmojiState): void {
  setContext(CONTEXT, state);
}

/** The account's emoji state, or undefined outside a message screen. */
export function useEmoji(): EmojiState | undefined {
  return getContext<EmojiState | undefined>(CONTEXT);
}
