import { z } from 'zod';
import { VIN_MESSAGES, normalizeVin, vinProblem } from '../vin';

/**
 * A VIN as a form or API field: normalized (capitals, no spaces or dashes), then checked: its length,
 * its characters and its check digit, each refused with its own message.
 */
export const vinSchema = z
  .string({ error: VIN_MESSAGES.length })
  .transform(normalizeVin)
  .superRefine((vin, ctx) => {
    const problem = vinProblem(vin);
    if (problem) ctx.addIssue({ code: 'custom', message: VIN_MESSAGES[problem] });
  });
