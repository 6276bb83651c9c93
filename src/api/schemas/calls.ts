/** Response of spec 4.21 POST /calls/videoprovider/create. */
import { z } from 'zod';

export const createVideoCallResponse = z.looseObject({ url: z.string() });
