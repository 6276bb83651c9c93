/**
 * The share of each feature's corpus cases the server matches (measured, not a goal):
 * the test fails if a feature falls below it.
 */
export const FLOORS: Readonly<Record<string, number>> = {
  paragraphs: 1,
  emphasis: 1,
  headings: 1,
  lists: 1,
  quotes: 1,
  spoilers: 1,
  'code blocks': 1,
  highlighting: 1,
  math: 1,
  emoji: 1,
  emoticons: 1,
  links: 1,
  images: 1,
  time: 1,
  mentions: 1,
  'channel links': 1,
  tables: 1,
  linkifiers: 1,
};
