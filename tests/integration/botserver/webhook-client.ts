/** Posts to a bot server the way the service does, over real HTTP. */
export async function postWebhook(
  url: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/**
 * A webhook body as docs/api-notes.md "Outgoing webhooks" describes it, for a message that
 * mentions the bot.
 */
export function mentionBody(
  botEmail: string,
  token: string,
  content: string,
  botFullName = 'Test Bot',
): Record<string, unknown> {
  return {
    bot_email: botEmail,
    bot_full_name: botFullName,
    data: content,
    message: {
      id: 1,
      content,
      sender_email: 'iago@perch.example',
      type: 'stream',
      subject: 'bots',
    },
    trigger: 'mention',
    token,
  };
}
