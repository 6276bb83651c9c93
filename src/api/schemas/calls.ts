/** Response of spec 4.21 POST /calls/videoprovider/create. */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const createVideoCallResponse = lazySchema(() => z.looseObject({ url: z.string() }));
