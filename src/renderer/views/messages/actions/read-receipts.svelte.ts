/**
 * The read-receipts viewer's state: who has read one message, by name, asked of the Core
 * once when the viewer opens (upstream's "View read receipts" in the message menu).
 */
export interface Reader {
  userId: number;
  name: string;
}

export class ReadReceiptsModel {
  readers = $state<Reader[] | undefined>();
  error = $state<unknown>();
  #load: () => Promise<Reader[]>;

  constructor(load: () => Promise<Reader[]>) {
    this.#load = load;
  }

  get loading(): boolean {
    return this.readers === undefined && this.error === undefined;
  }

  /** What the list says above the names. */
  get summary(): string {
    const n = this.readers?.length ?? 0;
    if (n === 0) return 'No one has read this message yet.';
    return `This message has been read by ${n} ${n === 1 ? 'person' : 'people'}:`;
  }

  async open(): Promise<void> {
    this.readers = undefined;
    this.error = undefined;
    try {
      this.readers = await this.#load();
    } catch (err) {
      this.error = err;
    }
  }
}
