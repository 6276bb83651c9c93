/**
 * An administrator's edits of one person (upstream update-user): their name and their custom
 * profile fields. Each editor keeps what the administrator typed while the person changes
 * under it (another administrator's edit reloads the page): an untouched value follows the
 * server, a touched one stays and the change underneath is said.
 */
import type { ProfileFormField } from '../../../../contract/schemas/admin-people.ts';
import { Action } from '../people/action.svelte.ts';
import type { UsersModel } from './users-model.svelte.ts';

/** Upstream's check_full_name: 2 to 100 characters, none of * ` \ > " @. */
export const NAME_RULE = 'From 2 to 100 characters, without * ` \\ > " or @.';
const RESERVED = /[*`\\>"@]/;

export function nameProblem(draft: string): string | undefined {
  const name = draft.trim();
  const length = [...name].length;
  if (length < 2) return 'A name has at least 2 characters.';
  if (length > 100) return `A name has at most 100 characters; this one has ${length}.`;
  if (RESERVED.test(name)) return 'A name cannot hold * ` \\ > " or @.';
  return undefined;
}

export class NameEditor {
  draft = $state('');
  /** The name the server last said. */
  current = $state('');
  movedUnder = $state<string | undefined>();
  done = $state<string | undefined>();
  readonly action = new Action();
  readonly #users: UsersModel;
  readonly #userId: number;

  constructor(users: UsersModel, userId: number, name: string) {
    this.#users = users;
    this.#userId = userId;
    this.draft = this.current = name;
  }

  get problem(): string | undefined {
    return this.draft.trim() === this.current ? undefined : nameProblem(this.draft);
  }

  get unchanged(): boolean {
    return this.draft.trim() === this.current;
  }

  /** The name the list says now, after a reload. */
  follow(name: string): void {
    if (name === this.current) return;
    if (this.draft.trim() === this.current) this.draft = name;
    else
      this.movedUnder = `Renamed by someone else while you were editing: the name is now ${name}. Keep your text or take theirs.`;
    this.current = name;
  }

  async save(): Promise<boolean> {
    this.done = this.movedUnder = undefined;
    const name = this.draft.trim();
    if (name === this.current || nameProblem(name) !== undefined) return false;
    const before = this.current;
    const ok = await this.action.run(() =>
      this.#users.admin.rpc.invoke('adminPeople.rename', {
        accountId: this.#users.admin.accountId,
        userId: this.#userId,
        fullName: name,
      }),
    );
    if (!ok) return false;
    this.current = this.draft = name;
    this.done = `${before} is now called ${name}.`;
    return true;
  }
}

/** What one field's control holds: text (or a choice's key, or a date) or people's ids. */
export interface FieldDraft {
  text: string;
  people: number[];
}

export class ProfileEditor {
  /** Raw: replaced whole on each load. */
  fields = $state.raw<ProfileFormField[] | undefined>();
  drafts = $state<Record<number, FieldDraft>>({});
  done = $state<string | undefined>();
  movedUnder = $state<string | undefined>();
  readonly loading = new Action();
  readonly saving = new Action();
  readonly #users: UsersModel;
  readonly #userId: number;

  constructor(users: UsersModel, userId: number) {
    this.#users = users;
    this.#userId = userId;
  }

  /** Loads the fields; a value nobody touched takes the server's, a touched one stays. */
  async load(): Promise<void> {
    const form = await this.loading.run(() =>
      this.#users.admin.rpc.invoke('adminPeople.profileForm', {
        accountId: this.#users.admin.accountId,
        userId: this.#userId,
      }),
    );
    if (!form) return;
    const before = this.fields ?? [];
    const drafts: Record<number, FieldDraft> = {};
    const moved: string[] = [];
    for (const field of form.fields) {
      const old = before.find((f) => f.id === field.id);
      const draft = this.drafts[field.id];
      // Typed, and not (yet) what the server holds: an own save's echo is no conflict.
      const touched =
        old !== undefined && draft !== undefined && !same(draft, old) && !same(draft, field);
      if (touched && !same(draftOf(field), draftOf(old))) moved.push(field.name);
      drafts[field.id] = touched ? draft : draftOf(field);
    }
    this.fields = form.fields;
    this.drafts = drafts;
    if (moved.length > 0)
      this.movedUnder = `Changed by someone else while you were editing: ${moved.join(', ')}. Your text is kept; save to replace theirs.`;
  }

  /** The fields whose control differs from what the server holds. */
  get changed(): ProfileFormField[] {
    return (this.fields ?? []).filter((f) => {
      const d = this.drafts[f.id];
      return d !== undefined && !same(d, f);
    });
  }

  async save(personName: string): Promise<boolean> {
    this.done = this.movedUnder = undefined;
    const changed = this.changed;
    if (changed.length === 0) return false;
    const values = changed.map((f) => {
      const d = this.drafts[f.id] ?? draftOf(f);
      if (f.fieldType === USERS) return { id: f.id, value: d.people.length ? d.people : null };
      const text = d.text.trim();
      return { id: f.id, value: text === '' ? null : text };
    });
    const ok = await this.saving.run(() =>
      this.#users.admin.rpc.invoke('adminPeople.setProfileFields', {
        accountId: this.#users.admin.accountId,
        userId: this.#userId,
        values,
      }),
    );
    if (!ok) return false;
    const names = changed.map((f) => f.name).join(', ');
    this.done = `Saved ${names} for ${personName}.`;
    await this.load();
    return true;
  }
}

export const USERS = 6;

function draftOf(field: ProfileFormField): FieldDraft {
  return { text: field.value, people: [...field.people] };
}

function same(draft: FieldDraft, field: ProfileFormField | FieldDraft): boolean {
  const people = field.people;
  const text = 'text' in field ? field.text : field.value;
  return (
    draft.text.trim() === text.trim() &&
    draft.people.length === people.length &&
    draft.people.every((id, i) => id === people[i])
  );
}
