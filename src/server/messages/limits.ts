/**
 * Lengths the server holds messages to, in code points. Register's `max_message_length`
 * tells clients the content limit, so it and the send route must use the same number.
 */
export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_LENGTH = 10_000;
