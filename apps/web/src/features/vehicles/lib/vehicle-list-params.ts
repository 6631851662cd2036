// No imports: the router reads these to tell the server which parameters a list page reads.

/** The filters kept in the URL, under the API's own parameter names so a link reads like the call. */
export const FILTER_PARAMS = [
  'search',
  'make',
  'model',
  'min_price',
  'max_price',
  'min_year',
  'max_year',
  'max_mileage',
  'fuelType',
  'transmission',
  'condition',
  'bodyType',
  'drivetrain',
  'location',
] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

/**
 * The filters form sends this hidden field with the make its model belongs to, so a make changed
 * without JavaScript clears the model as choosing another make does in the app.
 */
export const MODEL_MAKE_PARAM = 'model_make';

/**
 * Every search parameter a vehicle list reads: the keys its form sends (maybe empty, which the app
 * never writes). Any other parameter makes no difference to the page.
 */
export const VEHICLE_LIST_PARAMS: readonly string[] = [...FILTER_PARAMS, 'sort', 'page', MODEL_MAKE_PARAM];
