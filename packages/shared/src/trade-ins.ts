// Trade-ins: a customer's car valued by the sales team. Constants without zod, so the vehicle page's
// button reads them without loading any schema.

/**
 * Where a trade-in stands. `Expired` is never stored: an offer whose expiry has passed reads as Expired
 * (the row stays `Offer made`), so it expires on time without a job.
 */
export const TRADE_IN_STATUSES = ['Submitted', 'Offer made', 'Accepted', 'Declined', 'Expired'] as const;
export type TradeInStatus = (typeof TRADE_IN_STATUSES)[number];
export const STORED_TRADE_IN_STATUSES = ['Submitted', 'Offer made', 'Accepted', 'Declined'] as const satisfies readonly TradeInStatus[];
export type StoredTradeInStatus = (typeof STORED_TRADE_IN_STATUSES)[number];

export const TRADE_IN_PHOTOS_MAX = 10;
export const TRADE_INS_PAGE_SIZE = 20;

/** The condition questions and their answers, as the form and the sales team read them. */
export const TRADE_IN_CONDITIONS = {
  accidentHistory: { label: 'Accident history', answers: { none: 'No accidents', minor: 'Minor accident(s)', major: 'Major accident' } },
  serviceHistory: { label: 'Service history', answers: { full: 'Full service history', partial: 'Partial service history', none: 'No service history' } },
  keys: { label: 'Keys', answers: { two: 'Two or more keys', one: 'One key' } },
  warningLights: { label: 'Warning lights on the dashboard', answers: { no: 'No warning lights', yes: 'Warning lights on' } },
  tyres: { label: 'Tyres', answers: { good: 'Good', fair: 'Fair', worn: 'Worn, need replacing' } },
  bodywork: { label: 'Bodywork', answers: { good: 'Good', fair: 'Small dents or scratches', damaged: 'Damaged' } },
} as const;
export type TradeInConditionField = keyof typeof TRADE_IN_CONDITIONS;
export type TradeInConditionAnswer<F extends TradeInConditionField> = keyof (typeof TRADE_IN_CONDITIONS)[F]['answers'] & string;
export const TRADE_IN_CONDITION_FIELDS = Object.keys(TRADE_IN_CONDITIONS) as TradeInConditionField[];

export const TRADE_IN_LIMITS = {
  makeMax: 60,
  modelMax: 60,
  notesMax: 2000,
  offerNoteMax: 1000,
  registrationMin: 2,
  registrationMax: 10,
  mileageMax: 10_000_000,
  /** Whole dollars. */
  offerMaxDollars: 10_000_000,
  /** Trade-ins one customer may submit in a day. */
  perCustomerPerDay: 5,
} as const;

export const TRADE_IN_MESSAGES = {
  identify: 'Enter the VIN or the registration plate',
  registration: `Registration must be ${TRADE_IN_LIMITS.registrationMin} to ${TRADE_IN_LIMITS.registrationMax} letters and digits (spaces and dashes allowed)`,
  make: 'Make is required',
  model: 'Model is required',
  mileage: 'Mileage is required',
  mileageWhole: 'Mileage must be a whole number',
  mileageRange: 'Mileage must be 0 or more',
  mileageTooHigh: 'Mileage is too high',
  notesTooLong: `Notes must be at most ${TRADE_IN_LIMITS.notesMax} characters`,
  condition: (label: string) => `Answer the question: ${label}`,
  tooManyPhotos: `A trade-in can have at most ${TRADE_IN_PHOTOS_MAX} photos`,
  photosTooLarge: `A trade-in can have at most ${TRADE_IN_PHOTOS_MAX} photos of at most 10 MB each`,
  tooMany: `You can send at most ${TRADE_IN_LIMITS.perCustomerPerDay} trade-ins a day. Please try again tomorrow or call us.`,
  vehicleNotFound: 'Vehicle not found',
  notFound: 'Trade-in not found',
  amount: 'Enter the offer in dollars and cents',
  amountRange: `The offer must be between $1 and $${TRADE_IN_LIMITS.offerMaxDollars.toLocaleString('en-US')}`,
  expiresAt: 'Enter when the offer expires',
  expiryPast: 'The expiry must be in the future',
  offerNoteTooLong: `The note must be at most ${TRADE_IN_LIMITS.offerNoteMax} characters`,
  notOfferable: 'This trade-in is closed: the customer has already answered.',
  noOffer: 'There is no offer to answer.',
  expired: (when: string) => `This offer expired on ${when}.`,
  answered: 'You have already answered this offer.',
  status: 'Status must be one of Submitted, Offer made, Accepted, Declined, Expired',
} as const;
