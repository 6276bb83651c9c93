import { describe, expect, it } from 'vitest';
import { echoHandler } from '../../../../src/botserver/handlers/echo.ts';
import { contextFor, payload, profile } from './context.ts';

const context = contextFor(profile('echo'));

describe('echo handler', () => {
  it.each([
    ['@**Echo Bot** hello', 'hello'],
    ['@_**Echo Bot** quietly', 'quietly'],
    ['@**Echo Bot|42** with an id', 'with an id'],
    ['  @**Echo Bot**   padded  ', 'padded'],
  ])('drops its own leading mention: %j', async (data, reply) => {
    expect(await echoHandler.handle(payload(data), context)).toEqual({ content: reply });
  });

  it('keeps mentions of anyone else, and mentions of itself later in the message', async () => {
    const text = '@**Ada Admin** ask @**Echo Bot** again';
    expect(await echoHandler.handle(payload(text), context)).toEqual({ content: text });
  });

  it('repeats a direct message as it is', async () => {
    expect(await echoHandler.handle(payload('just us', 'direct_message'), context)).toEqual({
      content: 'just us',
    });
  });

  it('drops the leading mention when the sender gives no bot_full_name, only for a mention', async () => {
    expect(await echoHandler.handle(payload('@**Echo Bot** hi', 'mention', ''), context)).toEqual({
      content: 'hi',
    });
    expect(await echoHandler.handle(payload('@**Echo Bot**', 'mention', ''), context)).toBeNull();
    const direct = payload('@**Ada Admin** says hi', 'direct_message', '');
    expect(await echoHandler.handle(direct, context)).toEqual({
      content: '@**Ada Admin** says hi',
    });
  });

  it('answers nothing when only the mention was sent', async () => {
    expect(await echoHandler.handle(payload('@**Echo Bot**'), context)).toBeNull();
  });
});
