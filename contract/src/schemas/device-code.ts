import { Type } from 'typebox';
import { DEVICE_CODE_MAX } from '../device-code-paths.js';

/** The attempt a code belongs to: an opaque ID from the screen's address. */
const AttemptSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** The code mailed for a sign-in from a new browser, for the attempt the screen names. */
export const DeviceCodeBodySchema = Type.Object(
  { attempt: AttemptSchema, code: Type.String({ minLength: 1, maxLength: DEVICE_CODE_MAX }) },
  { additionalProperties: false },
);

/** A new code for the attempt, in place of the last. */
export const DeviceCodeResendSchema = Type.Object({ attempt: AttemptSchema }, { additionalProperties: false });

/** Where the attempt stands after a refused code: asked again, or ended (sign in again). */
export const DeviceCodeRefusedSchema = Type.Object({ ended: Type.Boolean() }, { additionalProperties: false });
