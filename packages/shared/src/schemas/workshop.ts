import { z } from 'zod';
import { isCalendarDate, isQueryDay, QUERY_DAYS } from '../calendar-day';
import { MAINTENANCE_STATUSES, type MaintenanceStatus } from '../constants';
import { WORKSHOP_RESOURCES } from '../workshop-capacity';
import { storableString } from './text';

/**
 * The workshop's stages of a job, beside the spec's four statuses. A stage is kept on the appointment;
 * where the spec shows a status, each stage shows as the status it maps onto (WORKSHOP_STAGE_STATUS).
 */
export const WORKSHOP_STAGES = [
  'Scheduled',
  'Checked in',
  'In progress',
  'Waiting for approval',
  'Waiting for parts',
  'Ready for pickup',
  'Completed',
  'No-show',
] as const;
export type WorkshopStage = (typeof WORKSHOP_STAGES)[number];

/** The board's columns, in order (a no-show leaves the board). */
export const BOARD_STAGES = WORKSHOP_STAGES.filter((s) => s !== 'No-show') as Exclude<WorkshopStage, 'No-show'>[];

/** The spec status each stage shows as. */
export const WORKSHOP_STAGE_STATUS: Record<WorkshopStage, MaintenanceStatus> = {
  Scheduled: 'Scheduled',
  'Checked in': 'Scheduled',
  'In progress': 'Scheduled',
  'Waiting for approval': 'Scheduled',
  'Waiting for parts': 'Scheduled',
  'Ready for pickup': 'Scheduled',
  Completed: 'Completed',
  'No-show': 'Cancelled',
};

/**
 * The stage of an appointment: the one kept on it, else the one its status implies (Scheduled and
 * Completed); Pending and Cancelled appointments are not on the workshop floor (null).
 */
export function stageOf(status: MaintenanceStatus, stage: WorkshopStage | null | undefined): WorkshopStage | null {
  if (stage && WORKSHOP_STAGE_STATUS[stage] === status) return stage;
  if (status === 'Scheduled' || status === 'Completed') return status;
  return null;
}

export const FUEL_LEVELS = ['Empty', '1/4', '1/2', '3/4', 'Full'] as const;
export type FuelLevel = (typeof FUEL_LEVELS)[number];

export const CHECK_IN_PHOTOS_MAX = 10;
export const CHECK_IN_NOTES_MAX = 2000;
/** A car's odometer as a whole number of miles: at most this. */
export const ODOMETER_MAX = 2_000_000;

export const WORKSHOP_MESSAGES = {
  odometerRequired: 'Odometer reading is required',
  odometerWhole: 'Enter the odometer reading in whole miles',
  odometerRange: `The odometer reading must be between 0 and ${ODOMETER_MAX.toLocaleString('en-US')} miles`,
  odometerBelowLast: (last: number) => `The odometer reading cannot be below the last reading of ${last.toLocaleString('en-US')} miles.`,
  fuelLevel: 'Choose the fuel level',
  notesTooLong: `Notes must be at most ${CHECK_IN_NOTES_MAX} characters`,
  tooManyPhotos: `A check-in can have at most ${CHECK_IN_PHOTOS_MAX} photos`,
  photosTooLarge: `A check-in can have at most ${CHECK_IN_PHOTOS_MAX} photos of at most 10 MB each`,
  notFound: 'Job not found',
  notCheckable: 'Only a scheduled job that has not been checked in can be checked in.',
  notNoShow: 'Only a scheduled job that has not been checked in can be marked as a no-show.',
  stale: (stage: WorkshopStage) => `This job has moved to ${stage}. The board has been refreshed.`,
  sameStage: 'The job is already in this stage.',
  notOnBoard: 'This job is not on the board.',
  notYourJob: 'You can move only the jobs assigned to you.',
  stage: 'Choose a stage',
  date: 'Enter a date as YYYY-MM-DD',
} as const;

export const NO_SHOW_TOAST = 'Marked as a no-show: the place is free again';
export const CHECKED_IN_TOAST = 'Checked in';
export const stageMovedToast = (stage: WorkshopStage) => `Moved to ${stage}`;

const wholeMiles = z
  .string({ error: WORKSHOP_MESSAGES.odometerRequired })
  .trim()
  .min(1, WORKSHOP_MESSAGES.odometerRequired)
  .regex(/^\d+$/, WORKSHOP_MESSAGES.odometerWhole)
  .transform(Number)
  .pipe(z.number().int().max(ODOMETER_MAX, WORKSHOP_MESSAGES.odometerRange));

/** The check-in form's text fields (photos travel as the `images` file parts). */
export const checkInSchema = z.object({
  // A form sends text; a JSON body may send a number: both are read as the digits typed.
  odometer: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), wholeMiles),
  fuelLevel: z.enum(FUEL_LEVELS, { error: WORKSHOP_MESSAGES.fuelLevel }),
  // A multipart form's text is not seen by the JSON input guard: the NUL character is refused here.
  notes: storableString()
    .trim()
    .max(CHECK_IN_NOTES_MAX, WORKSHOP_MESSAGES.notesTooLong)
    .optional()
    .transform((v) => v || null),
});
export type CheckInInput = z.input<typeof checkInSchema>;

/** A move on the board: from the stage the mover saw, to another. */
export const moveStageSchema = z.object({
  from: z.enum(BOARD_STAGES as [WorkshopStage, ...WorkshopStage[]], { error: WORKSHOP_MESSAGES.stage }),
  to: z.enum(BOARD_STAGES as [WorkshopStage, ...WorkshopStage[]], { error: WORKSHOP_MESSAGES.stage }),
});
export type MoveStageInput = z.infer<typeof moveStageSchema>;

export const BOARD_VIEWS = ['day', 'week'] as const;
export type BoardView = (typeof BOARD_VIEWS)[number];

/** A day of the floor (the board's, My Jobs'): a date of the calendar a query may name. */
const floorDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, WORKSHOP_MESSAGES.date)
  // A day of the calendar: '2026-02-30' parses in JavaScript, but the database refuses it.
  .refine(isCalendarDate, WORKSHOP_MESSAGES.date)
  .refine(isQueryDay, QUERY_DAYS.message);

export const boardQuerySchema = z.object({
  date: floorDay.optional(),
  view: z.enum(BOARD_VIEWS, { error: 'View must be day or week' }).default('day'),
  technicianId: z.uuid({ error: 'Choose a technician from the list' }).optional(),
  resource: z.enum(WORKSHOP_RESOURCES, { error: 'Choose a place from the list: Service bay, Body bay or Paint booth' }).optional(),
});
export type BoardQuery = z.input<typeof boardQuerySchema>;

/** A check-in photo as the server stores it (same sizes as a listing photo). */
export const checkInPhotoSchema = z.object({
  key: z.string(),
  url: z.string(),
  sizes: z.array(z.object({ width: z.number(), url: z.string() })),
  width: z.number().optional(),
  height: z.number().optional(),
});

export const checkInSchemaOut = z.object({
  odometer: z.number().int(),
  fuelLevel: z.enum(FUEL_LEVELS),
  notes: z.string().nullable(),
  checkedInAt: z.string(),
  checkedInBy: z.string().nullable().describe('The name of the staff member who checked the car in'),
  photos: z.array(checkInPhotoSchema),
});
export type CheckIn = z.infer<typeof checkInSchemaOut>;

/** A job on the board or in My Jobs. */
export const workshopJobSchema = z.object({
  _id: z.string(),
  stage: z.enum(WORKSHOP_STAGES),
  status: z.enum(MAINTENANCE_STATUSES),
  appointmentDate: z.string().describe("The booked day, 'YYYY-MM-DD'"),
  appointmentTime: z.string(),
  maintenanceType: z.string(),
  specificService: z.string(),
  resource: z.enum(WORKSHOP_RESOURCES).describe('The place the job occupies'),
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.string(), registration: z.string() }),
  customer: z.object({ name: z.string(), phone: z.string() }),
  additionalNotes: z.string().nullable().describe("The customer's notes from the booking"),
  technician: z.string().nullable().describe('The technician as the appointment names them'),
  technicianId: z.string().nullable().describe('The assigned technician (null for none, or a free-text name only)'),
  checkIn: checkInSchemaOut.nullable(),
  /** Whether the caller may move this card (staff who run the floor; a technician on their own jobs). */
  canMove: z.boolean(),
  lastOdometer: z.number().int().nullable().describe("The car's last recorded odometer reading (by registration), before this job"),
});
export type WorkshopJob = z.infer<typeof workshopJobSchema>;

export const workshopBoardSchema = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  view: z.enum(BOARD_VIEWS),
  technicians: z
    .array(z.object({ _id: z.string(), name: z.string() }))
    .describe('Every technician assigned to a job in the range, by name, for the filter'),
  jobs: z.array(workshopJobSchema),
});
export type WorkshopBoard = z.infer<typeof workshopBoardSchema>;

/** My Jobs asks for one day: today unless it names another (a technician looks ahead to Monday on a Saturday). */
export const myJobsQuerySchema = z.object({ date: floorDay.optional() });
export type MyJobsQuery = z.input<typeof myJobsQuerySchema>;

/** A technician's jobs of `date`; `today` is the workshop's. */
export const myJobsSchema = z.object({ today: z.string(), date: z.string(), jobs: z.array(workshopJobSchema) });
export type MyJobs = z.infer<typeof myJobsSchema>;
