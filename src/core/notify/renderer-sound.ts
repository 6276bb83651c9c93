import type { PushBus } from '../push-bus.ts';
import type { SoundPlayer } from './notifier.ts';

/**
 * Sounds are played by the renderer: it has audio in Electron (the window stays alive,
 * hidden, while Perch sits in the tray) and in browser mode alike, so one player serves both.
 */
export class RendererSoundPlayer implements SoundPlayer {
  constructor(private readonly bus: PushBus) {}

  play(sound: string): void {
    this.bus.publish('sound.play', { sound });
  }
}
