/**
 * The Messages screen's state and what the user's moves do to it: the narrow on screen and
 * its loaded history, the sidebar, the selected message, each narrow's draft and where
 * compose sends, marking read, and following the Core's pushes; and the smaller models it
 * hands its parts (compose's requests, typing, the person card, the user's status). Like
 * zulip-flutter's message-list model beside its widget, it knows no DOM: AccountMessages.svelte
 * keeps the markup, focus, keys and clicks, and tests/unit drive this with a recording Core.
 */
import type { AccountSummary } from '../../../contract/contract.ts';
import type { ComposeDirectory } from '../../../contract/schemas/compose.ts';
import type { MessageWire, NarrowTermWire, Sidebar } from '../../../contract/schemas/messages.ts';
import { nextUnreadDm, nextUnreadTopic } from '../../keyboard/next-unread.ts';
import { errorText } from '../../lib/errors.ts';
import { messageIdOperand, narrowToText, parseNarrow } from '../../lib/narrow-text.ts';
import type { RpcPort } from '../../lib/rpc-port.ts';
import { ComposeModel } from './compose/compose-model.svelte.ts';
import { ScheduledModel } from './compose/scheduled-model.svelte.ts';
import { buildIndex } from './compose/matching.ts';
import { recipientText, type Recipient } from './compose/recipient.ts';
import { DraftSaver, loadSavedDrafts } from './compose/saved-drafts.ts';
import { conversationOf } from './list-rows.ts';
import { marksReadOnView } from './mark-read-policy.ts';
import { linkedConversation, linkedMessageId } from './message-link.ts';
import { addEmailsOf, channelNamesOf, namesOf } from './names.ts';
import { placeOf, type Draft, type Place } from './places.ts';
import { ReadMarker } from './read-marker.ts';
import { peopleLookup, replyTarget, sameReplyTarget, type ReplyTarget } from './reply-target.ts';
import { searchWords } from './search-highlight.ts';
import { Timeline, type AnchorChoice } from './timeline.svelte.ts';
import { topicLabel } from './topic-label.ts';
import { SidebarLive } from './sidebar-live.svelte.ts';
import { holdIfSame, sameEntries } from '../../lib/held-value.ts';
import { followedNarrow, readerFollows, topicMove } from './follow-move.ts';
import { TypingModel } from './typing/typing-model.svelte.ts';
import { CardModel } from '../people/card-model.svelte.ts';
import { narrowMoved } from '../../lib/window-place.svelte.ts';
import { StatusModel } from '../people/status-model.svelte.ts';

type Emoji = { name: string; code: string; type: string };

export interface ScreenOptions {
  /** Whether the user can see the window now: only then does what is on screen count as read. */
  inView?: () => boolean;
}

export class MessagesScreen {
  readonly account: AccountSummary;
  readonly #rpc: RpcPort;
  readonly place: Place;
  readonly saver: DraftSaver;
  readonly reads: ReadMarker;
  /** What compose asks of the Core (topics, preview, snippets, calls, the send). */
  readonly compose: ComposeModel;
  /** The account's scheduled messages (compose's Schedule message and their list). */
  readonly scheduled: ScheduledModel;
  /** Who is typing here, and the user's own typing told to the Core. */
  readonly typing: TypingModel;
  /** The person's card the user opened. */
  readonly card: CardModel;
  /** The user's own status, as saved from the sidebar's menu. */
  readonly status: StatusModel;

  /** The narrow bar's text, and the terms it was made from (with a `near:` the list lacks). */
  text = $state('');
  #shownTerms: NarrowTermWire[] = [];
  /** The narrow's filter: what the list, the sidebar's highlight and compose follow. */
  terms = $state.raw<NarrowTermWire[]>([]);
  /** The anchor the narrow on screen was opened at. */
  opened = $state.raw<AnchorChoice>({ kind: 'newest' });
  #timeline = $state.raw<Timeline | undefined>();
  selectedId = $state<number | undefined>();
  /** The sidebar, kept by the Core's patches while the screen is shown. */
  readonly sidebarLive: SidebarLive;
  /** A refused reaction: shown until one goes through or another narrow opens. */
  reactError = $state.raw<{ error: unknown; retry: () => void } | undefined>();
  showingDrafts = $state(false);

  draft = $state('');
  topic = $state('');
  draftKey = $state('');
  /** Where compose sends: the narrow's conversation until the user picks another. */
  recipient = $state.raw<Recipient | undefined>();
  picked = $state(false);
  directory = $state.raw<ComposeDirectory | undefined>();
  draftsReady = $state(false);
  #draftsChanged = $state(0);

  /** Everyone's email seen in loaded messages, to show people in the bar by email. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a cache learnEmails reads; nothing renders it
  readonly #emails = new Map<number, string>();
  readonly #emailOf = (id: number) => this.#emails.get(id);
  /** The messages learnEmails has read. */
  readonly #emailsFrom = new WeakSet<MessageWire>();
  /** Seen before the sidebar brought the user's policy (after registering): decided then. */
  #seenEarly: number[] = [];
  /** Whether the user can see the window now (ScreenOptions.inView). */
  readonly #inView: () => boolean;
  /** Whether the window had the focus and showed at its last change (`windowChanged`). */
  windowInView = $state(false);
  /** Whether the list shows the narrow's newest end (MessageList's `onfollowing`). */
  following = $state(false);
  /** The user marked messages unread in this narrow: nothing more is marked read here. */
  #readsPaused = $state(false);
  /** The narrow last told to the Core as read on arrival (`messages.reading`), as text. */
  #toldReading = 'null';

  constructor(rpc: RpcPort, account: AccountSummary, options: ScreenOptions = {}) {
    this.#rpc = rpc;
    this.account = account;
    this.place = placeOf(account.id);
    this.text = this.place.text;
    this.terms = this.place.terms;
    this.#shownTerms = this.place.terms;
    this.opened = this.place.anchor;
    this.selectedId = this.place.at;
    this.draftsReady = this.place.draftsLoaded;
    this.#timeline = new Timeline(rpc.invoke, account.id, this.place.terms);
    this.saver = new DraftSaver(rpc.invoke, account.id);
    this.sidebarLive = new SidebarLive(rpc, account.id);
    this.compose = new ComposeModel(rpc, account.id);
    this.scheduled = new ScheduledModel(rpc, account.id);
    this.typing = new TypingModel(rpc, account.id);
    this.card = new CardModel(rpc, account.id);
    this.status = new StatusModel(rpc, account.id);
    this.#inView =
      options.inView ?? (() => document.hasFocus() && document.visibilityState === 'visible');
    this.windowInView = this.#inView();
    this.reads = new ReadMarker(
      (ids) => rpc.invoke('messages.markRead', { accountId: account.id, messageIds: ids }),
      // Said on the list that shows those messages: the answer can come after the reader
      // went on to another narrow, whose list it is not about.
      (err, ids) => {
        if (this.timeline.messages.some((m) => ids.includes(m.id))) {
          this.timeline.error = errorText(err);
        }
      },
      this.#inView,
    );
    this.#switchDraft();
  }

  get timeline(): Timeline {
    return this.#timeline!;
  }

  get sidebar(): Sidebar | undefined {
    return this.sidebarLive.sidebar;
  }

  /** Why the sidebar is missing or only what the account registered (out of reach). */
  get sidebarError(): string | undefined {
    return this.sidebarLive.error;
  }

  readonly index = $derived(this.directory ? buildIndex(this.directory) : undefined);
  readonly people = $derived(peopleLookup(this.directory?.users));
  readonly selected = $derived(this.timeline.messages.find((m) => m.id === this.selectedId));
  /** Where a reply goes: the narrow's conversation, or the selected message's. */
  #heldTarget: ReplyTarget | undefined;
  /** Held while equal (`sameReplyTarget`): each message and sidebar patch works it out anew. */
  readonly target: ReplyTarget | undefined = $derived.by(
    () =>
      (this.#heldTarget = holdIfSame(
        this.#heldTarget,
        replyTarget(this.terms, this.selected, this.sidebar, this.account.userId, this.people),
        sameReplyTarget,
      )),
  );
  #heldNames = namesOf([]);
  readonly names = $derived.by(
    () =>
      (this.#heldNames = holdIfSame(this.#heldNames, namesOf(this.timeline.messages), sameEntries)),
  );
  readonly words = $derived(searchWords(this.terms));
  /** Whether what the reader sees here counts as read (never in a search). */
  readonly marksRead = $derived(
    marksReadOnView(this.terms, this.sidebar?.reader?.markReadPolicy ?? 1),
  );
  /**
   * Where new messages arrive read (read-on-arrival.ts in the Core): the narrow, while the
   * list shows its newest end in a window the user is at and what is seen here counts as read;
   * otherwise null, and what arrives stays unread until seen.
   */
  readonly readingNarrow = $derived(
    this.following &&
      this.windowInView &&
      this.sidebar?.reader !== undefined &&
      this.marksRead &&
      !this.#readsPaused
      ? this.terms
      : null,
  );
  /** The message a link, a notification or a search result opened the narrow at. */
  readonly jumpedId = $derived(
    this.opened.kind === 'id' && typeof this.timeline.target === 'number'
      ? this.timeline.target
      : undefined,
  );
  // A reactor or editor with no loaded message is named from the organization's directory.
  readonly nameOf = (id: number): string =>
    this.names.get(id) ?? this.people.byId(id)?.name ?? `user ${id}`;
  /**
   * Channel names and the empty topic's name, held while a sidebar patch (one per incoming
   * message) leaves them as they were: the rows that name them are not drawn again for it.
   */
  #heldChannelNames = channelNamesOf([]);
  readonly #channelNames = $derived.by(
    () =>
      (this.#heldChannelNames = holdIfSame(
        this.#heldChannelNames,
        channelNamesOf(this.sidebar?.channels ?? []),
        sameEntries,
      )),
  );
  readonly #emptyTopicName = $derived(this.sidebar?.emptyTopicName);
  readonly channelName = (id: number): string => this.#channelNames.get(id) ?? `channel ${id}`;
  readonly topicName = (name: string): string => topicLabel(name, this.#emptyTopicName);

  /** Follows the Core's pushes for this account; returns what stops following them. */
  start(): () => void {
    const { account } = this;
    const rpc = this.#rpc;
    const mine = (p: { accountId: string }) => p.accountId === account.id;
    // Only this account's pushes cross to the window (src/contract/window-interest.ts), and
    // from the moment `on` returns: following before fetching loses no message that arrives
    // between the switch here and the first page.
    const only = [account.id];
    const offs = [
      // The sidebar (unread counts, edit rules) comes as the Core's patches, not from here.
      rpc.on(
        'messages.events',
        (p) => {
          if (!mine(p)) return;
          void this.timeline.apply(p.events, p.asFetched);
          this.#followMoves(p.events);
        },
        only,
      ),
      // The queue was lost and registered again: the events missed meanwhile never come (the
      // Core rebuilds and pushes the sidebar itself).
      rpc.on('messages.stale', (p) => mine(p) && void this.timeline.refresh(), only),
    ];
    const stopSidebar = this.sidebarLive.start();
    void this.#loadDirectory();
    this.#loadSavedDrafts();
    void this.timeline.open(
      this.place.at !== undefined ? { kind: 'id', id: this.place.at } : this.place.anchor,
    );
    // Back in reach: what failed while out of reach is fetched again, with no click needed.
    let live = true;
    const follow = (statuses: { accountId: string; health: { state: string } }[]) => {
      const now = statuses.find((s) => s.accountId === account.id)?.health.state === 'polling';
      if (now && !live) {
        this.sidebarLive.retry();
        if (this.timeline.error && this.timeline.messages.length === 0) {
          void this.timeline.open(this.opened);
        }
      }
      live = now;
    };
    offs.push(rpc.on('sync.status', follow));
    // Opened while already out of reach (from another view), no change is pushed until the
    // server is back: start from the current state so that return is noticed.
    void rpc.invoke('sync.status', {}).then(follow, () => undefined);
    return () => {
      for (const off of offs) off();
      stopSidebar();
      this.tellReading(null);
      this.reads.stop();
      this.place.at = this.selectedId;
      this.keepDraft();
      this.saver.flush();
    };
  }

  /** Opens a narrow; `near:` / `id:` in a link or the bar is where to start, not a filter. */
  open(typed: NarrowTermWire[], anchor: AnchorChoice): void {
    // `sender:me` is the reader, as in upstream's search; the server is asked by id.
    const next = typed.map((t) =>
      (t.operator === 'sender' || t.operator === 'from') &&
      typeof t.operand === 'string' &&
      t.operand.toLowerCase() === 'me'
        ? { ...t, operand: this.account.userId }
        : t,
    );
    const near = next.find((t) => (t.operator === 'near' || t.operator === 'id') && !t.negated);
    const filter = next.filter((t) => t !== near);
    const nearId = near && messageIdOperand(near.operand);
    const start: AnchorChoice = nearId !== undefined ? { kind: 'id', id: nearId } : anchor;
    this.terms = filter;
    this.#shownTerms = next;
    this.text = narrowToText(next, this.#emailOf);
    this.place.text = this.text;
    this.place.terms = filter;
    this.place.anchor = start;
    // The Core keeps where the reader is, for the next window to open there.
    narrowMoved();
    this.opened = start;
    this.selectedId = start.kind === 'id' ? start.id : undefined;
    this.reactError = undefined;
    this.showingDrafts = false;
    this.#timeline = new Timeline(this.#rpc.invoke, this.account.id, filter);
    this.#followChannels();
    void this.timeline.open(start);
    // Each narrow keeps its own draft; switching narrows puts the other one away.
    this.#switchDraft();
    // A user moving on is the moment a failed background refresh is worth another try.
    this.sidebarLive.retry();
    // Marking read resumes where a mark-unread here paused it.
    this.reads.resume();
    this.#readsPaused = false;
    // The new narrow's list says whether it shows its newest end once it is drawn.
    this.following = false;
  }

  /** The window gained or lost the focus, or was shown or hidden. */
  windowChanged(): void {
    this.windowInView = this.#inView();
    if (this.windowInView) this.reads.focused();
  }

  /** The user marked messages unread here: nothing is marked read until another narrow opens. */
  pauseReads(): void {
    this.#readsPaused = true;
    this.reads.pause();
  }

  /** Tells the Core where new messages arrive read (`readingNarrow`), when that changed. */
  tellReading(narrow: readonly NarrowTermWire[] | null): void {
    const text = JSON.stringify(narrow);
    if (text === this.#toldReading) return;
    this.#toldReading = text;
    this.#rpc
      .invoke('messages.reading', { accountId: this.account.id, narrow: narrow && [...narrow] })
      // Lost, it is said again with the next change; the Core also wants the window active.
      .catch(() => (this.#toldReading = ''));
  }

  /** A narrow typed in the bar was refused: the list's old errors no longer apply. */
  clearErrors(): void {
    this.timeline.error = undefined;
    this.reactError = undefined;
  }

  /** Asks for the whole sidebar again (Try again beside a failed one). */
  async loadSidebar(): Promise<void> {
    await this.sidebarLive.reload();
    this.sidebarChanged();
  }

  /** The sidebar changed (a patch, a reload): what waited for the user's policy is decided. */
  sidebarChanged(): void {
    this.#markSeenEarly();
  }

  /** Loaded messages bring their senders' emails: a bar made before names them now. */
  learnEmails(messages: readonly MessageWire[]): void {
    // Only messages not read before: each incoming one would otherwise walk the whole list.
    const fresh = messages.filter((m) => !this.#emailsFrom.has(m));
    if (fresh.length === 0) return;
    for (const m of fresh) this.#emailsFrom.add(m);
    const before = narrowToText(this.#shownTerms, this.#emailOf);
    addEmailsOf(this.#emails, fresh);
    if (this.text !== before) return; // the user is editing the bar
    this.text = narrowToText(this.#shownTerms, this.#emailOf);
    this.place.text = this.text;
  }

  /** Messages the list showed the reader: marked read where this narrow and the policy say. */
  seen(ids: number[]): void {
    if (!this.sidebar?.reader) this.#seenEarly = ids;
    else if (this.marksRead) this.reads.seen(ids);
  }

  react(messageId: number, emoji: Emoji, op: 'add' | 'remove'): void {
    this.#rpc
      .invoke('messages.react', {
        accountId: this.account.id,
        messageId,
        op,
        emojiName: emoji.name,
        emojiCode: emoji.code,
        reactionType: emoji.type as 'unicode_emoji',
      })
      .then(
        () => (this.reactError = undefined),
        (error: unknown) =>
          (this.reactError = { error, retry: () => this.react(messageId, emoji, op) }),
      );
  }

  /** A mention in a message narrows to what that person wrote. */
  openSender(userId: number): void {
    this.open([{ operator: 'sender', operand: userId }], { kind: 'newest' });
  }

  /**
   * A link to one of this organization's messages or conversations opens it here, in all its
   * context. False for any other link, which the browser follows.
   */
  openLink(href: string): boolean {
    const { serverUrl } = this.account;
    const id = linkedMessageId(href, serverUrl);
    if (id !== undefined) {
      this.open([], { kind: 'id', id });
      return true;
    }
    const conversation = linkedConversation(href, serverUrl);
    if (!conversation) return false;
    const name = this.sidebar?.channels.find((c) => c.streamId === conversation.streamId)?.name;
    const channel: NarrowTermWire = { operator: 'channel', operand: name ?? conversation.streamId };
    const topicTerm: NarrowTermWire[] =
      conversation.topic === undefined ? [] : [{ operator: 'topic', operand: conversation.topic }];
    this.open([channel, ...topicTerm], { kind: 'first_unread' });
    return true;
  }

  /** `j` / `k`: the next or previous loaded message (the first or last when none is selected). */
  move(step: 1 | -1): boolean {
    const list = this.timeline.messages;
    if (list.length === 0) return false;
    const i = list.findIndex((m) => m.id === this.selectedId);
    const next = i < 0 ? (step > 0 ? 0 : list.length - 1) : i + step;
    return this.moveTo(list[Math.max(0, Math.min(list.length - 1, next))]?.id);
  }

  moveTo(id: number | undefined): boolean {
    if (id === undefined) return false;
    this.selectedId = id;
    return true;
  }

  /** `s`: the selected message's topic (or conversation), and from there its channel. */
  narrowToSelected(): boolean {
    const { selected } = this;
    if (!selected) return false;
    const me = this.account.userId;
    const c = conversationOf(selected, me);
    const at: AnchorChoice = { kind: 'id', id: selected.id };
    if (c.kind === 'dm') {
      this.open([{ operator: 'dm', operand: c.userIds.length ? c.userIds : [me] }], at);
      return true;
    }
    const channel: NarrowTermWire = { operator: 'channel', operand: c.channel };
    const inTopic = this.terms.some((t) => t.operator === 'topic' && !t.negated);
    this.open(inTopic ? [channel] : [channel, { operator: 'topic', operand: c.topic }], at);
    return true;
  }

  /** `n` / `p`: the next conversation with unread messages. */
  nextUnread(kind: 'topic' | 'dm'): boolean {
    const { sidebar } = this;
    if (!sidebar) return false;
    const next =
      kind === 'topic'
        ? nextUnreadTopic(sidebar, this.terms)
        : nextUnreadDm(sidebar, this.terms, this.account.userId);
    if (!next) return false;
    this.open(next, { kind: 'first_unread' });
    return true;
  }

  /**
   * Escape from the list: to the reader's home view (`web_home_view`), as upstream's
   * `web_escape_navigates_to_home_view` says (docs/focus.md). Inbox and Recent are other
   * sections of the window, named for the view to show; all messages opens here. False when
   * there is nowhere to go (the setting is off, or all messages is on screen already).
   */
  back(): 'inbox' | 'recent' | boolean {
    const reader = this.sidebar?.reader;
    if (reader?.escapeToHome === false) return false;
    const home = reader?.homeView ?? 'all_messages';
    if (home !== 'all_messages') return home;
    if (this.terms.length === 0) return false;
    this.open([], { kind: 'newest' });
    return true;
  }

  /** The user chose where compose sends; kept until they choose again. */
  pick(recipient: Recipient | undefined): void {
    this.picked = true;
    this.recipient = recipient;
  }

  /**
   * `c`: a new topic in the channel of the narrow or of the selected message; where there is
   * no channel (a direct message), a channel message whose channel is still to be chosen, as
   * upstream's `c` does. Returns the compose field to type in next.
   */
  composeInChannel(): 'Topic' | 'Channel' {
    const target = this.target;
    this.topic = '';
    if (target?.recipient.type === 'stream') {
      this.pick(target.recipient);
      return 'Topic';
    }
    this.pick(undefined);
    return 'Channel';
  }

  /**
   * A person card's "Send a direct message": the conversation with them opens, with compose
   * aimed at it, as upstream's card does (the view and compose change together).
   */
  directMessage(user: { id: number; name: string }): void {
    const me = this.account.userId;
    this.open([{ operator: 'dm', operand: user.id === me ? [me] : [user.id] }], {
      kind: 'newest',
    });
    this.pick({ type: 'direct', users: user.id === me ? [] : [user] });
  }

  /** `x`: a direct message to people still to be named. */
  newDirectMessage(): void {
    this.pick({ type: 'direct', users: [] });
  }

  /** Compose was pointed at a message to reply to (its "reply" in the message menu). */
  replyTo(message: MessageWire | undefined): void {
    const t = message && replyTarget([], message, this.sidebar, this.account.userId, this.people);
    if (!t) return;
    this.pick(t.recipient);
    this.topic = t.topic;
  }

  /** A new reply target (another selected message) brings its topic unless one was typed. */
  aimAt(target: ReplyTarget | undefined): void {
    if (this.picked || !target) return;
    this.recipient = target.recipient;
    if (this.draft === '') this.topic = target.topic;
  }

  /** The open narrow's draft, with where it was going when the user picked that. */
  currentDraft(): Draft {
    const { recipient, topic } = this;
    return {
      content: this.draft,
      topic,
      ...(this.picked && recipient ? { recipient } : {}),
      ...(recipient
        ? { target: recipient, where: recipientText(recipient, topic, this.topicName('')) }
        : {}),
    };
  }

  /** Puts the open narrow's draft away with the others (leaving, or showing the Drafts list). */
  keepDraft(): void {
    this.place.drafts.set(this.draftKey, this.currentDraft());
    this.#draftsChanged++;
  }

  /**
   * Writes the open narrow's draft to the Core as typed. Before the kept drafts are read, an
   * empty box would delete the one about to show, so nothing is written until then.
   */
  saveTyped(): void {
    const key = this.draftKey;
    const now = this.currentDraft();
    if (this.draftsReady) this.saver.save(key, now);
  }

  showDrafts(): void {
    this.keepDraft();
    this.showingDrafts = true;
  }

  /** Every narrow's unsent text for the Drafts view: the open one as it is now. */
  readonly draftList = $derived.by(() => {
    void this.#draftsChanged;
    const here = {
      content: this.draft,
      where: this.recipient
        ? recipientText(this.recipient, this.topic, this.topicName(''))
        : undefined,
    };
    return [...this.place.drafts.entries(), [this.draftKey, here] as const]
      .filter(
        ([key, d], i, all) =>
          d.content.trim() !== '' && all.findLastIndex(([k]) => k === key) === i,
      )
      .map(([key, d]) => ({ key, content: d.content, where: d.where ?? (key || 'All messages') }));
  });

  /** The Drafts view's "restore": its narrow opens with the draft in compose. */
  restoreDraft(key: string): void {
    const parsed = parseNarrow(key);
    this.open(parsed.ok ? parsed.terms : [], { kind: 'newest' });
  }

  deleteDraft(key: string): void {
    if (key === this.draftKey) this.draft = '';
    this.place.drafts.delete(key);
    this.saver.delete(key);
    this.#draftsChanged++;
  }

  /**
   * A sent text leaves the draft it came from, and only it: what was typed while it was on
   * its way stays, and so does another narrow's draft the user has moved to meanwhile.
   */
  sent(content: string, key: string): void {
    const rest = (text: string) =>
      text.startsWith(content) ? text.slice(content.length).trimStart() : text;
    if (key === this.draftKey) {
      this.draft = rest(this.draft);
      this.#draftsChanged++;
      return;
    }
    const saved = this.place.drafts.get(key);
    if (!saved) return;
    const left = { ...saved, content: rest(saved.content) };
    this.place.drafts.set(key, left);
    this.saver.save(key, left);
  }

  /** Puts the last narrow's draft away and takes out the one kept for the narrow now open. */
  #switchDraft(): void {
    const key = narrowToText(this.terms);
    if (this.draftKey) this.keepDraft();
    this.draftKey = key;
    const saved = this.place.drafts.get(key);
    const target = this.target;
    this.draft = saved?.content ?? '';
    this.topic = saved?.topic ?? target?.topic ?? '';
    this.picked = saved?.recipient !== undefined;
    this.recipient = saved?.recipient ?? target?.recipient;
  }

  /** The Core keeps drafts across restarts: read once per window, then written as typed. */
  #loadSavedDrafts(): void {
    if (this.draftsReady) return;
    loadSavedDrafts(this.saver, this.place.drafts).then(
      () => {
        this.place.draftsLoaded = this.draftsReady = true;
        this.#draftsChanged++;
        // The open narrow's kept draft, unless the user has started typing meanwhile.
        const saved = this.place.drafts.get(this.draftKey);
        if (!saved || this.draft !== '') return;
        this.draft = saved.content;
        this.topic = saved.topic;
        if (saved.recipient) this.pick(saved.recipient);
      },
      () => undefined,
    );
  }

  async #loadDirectory(): Promise<void> {
    try {
      this.directory = await this.#rpc.invoke('compose.directory', { accountId: this.account.id });
    } catch {
      // Compose still works without it: no completion, people named from loaded messages.
    }
  }

  /**
   * A whole topic moved (resolved, renamed, to another channel): the narrow showing it and
   * compose aimed at it go along (follow-move.ts), with the selected message and the draft.
   */
  #followMoves(events: readonly { type: string }[]): void {
    for (const event of events) {
      const move = topicMove(event);
      if (!move) continue;
      const channels = this.sidebar?.channels ?? [];
      const nameOf = (id: number) => channels.find((c) => c.streamId === id)?.name;
      const idOf = (operand: string | number) =>
        typeof operand === 'number'
          ? operand
          : channels.find((c) => c.name.toLowerCase() === operand.toLowerCase())?.streamId;
      const r = this.recipient;
      const aimed =
        r?.type === 'stream' &&
        r.streamId === move.from.streamId &&
        this.topic.toLowerCase() === move.from.topic.toLowerCase();
      const follows = readerFollows(move, this.account.userId, this.selectedId);
      const next = follows ? followedNarrow(this.terms, move, { idOf, nameOf }) : undefined;
      if (next) {
        const { draft, draftKey, picked, recipient, topic } = this;
        // The draft moves with its conversation rather than staying behind under the old name.
        this.draft = '';
        this.open(
          next,
          this.selectedId !== undefined ? { kind: 'id', id: this.selectedId } : { kind: 'newest' },
        );
        if (draft !== '') {
          this.place.drafts.delete(draftKey);
          this.saver.delete(draftKey);
          this.draft = draft;
        }
        if (picked) {
          this.picked = true;
          this.recipient = recipient;
          this.topic = topic;
        }
      }
      if (aimed) {
        this.recipient = {
          type: 'stream',
          streamId: move.to.streamId,
          channel: nameOf(move.to.streamId) ?? r.channel,
        };
        this.topic = move.to.topic;
      }
    }
  }

  /** Live moves name a message's new channel from the sidebar's list. */
  #followChannels(): void {
    this.timeline.channelName = (id) => this.sidebar?.channels.find((c) => c.streamId === id)?.name;
  }

  #markSeenEarly(): void {
    if (!this.sidebar?.reader || this.#seenEarly.length === 0) return;
    const ids = this.#seenEarly;
    this.#seenEarly = [];
    if (this.marksRead) this.reads.seen(ids);
  }
}
