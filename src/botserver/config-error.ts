/** Everything wrong with a bot configuration, reported together so one edit can fix it all. */
export class BotConfigError extends Error {
  readonly problems: readonly string[];

  constructor(source: string, problems: readonly string[]) {
    super(`Invalid bot configuration ${source}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'BotConfigError';
    this.problems = problems;
  }
}
