/**
 * A channel's notification setting as a three-way choice (spec 2.4): null inherits the
 * user-level default, true and false override it.
 */
export type NotifyChoice = 'inherit' | 'on' | 'off';

export function choiceOf(value: boolean | null): NotifyChoice {
  if (value === null) return 'inherit';
  return value ? 'on' : 'off';
}

/**
 * Whether the choice can be sent. Spec 4.11 takes only booleans, so an override, once set,
 * cannot be turned back into "inherit" through the API.
 */
export function canChoose(choice: NotifyChoice, current: boolean | null): boolean {
  return choice !== 'inherit' || current === null;
}
