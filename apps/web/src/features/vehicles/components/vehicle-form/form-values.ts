import { VEHICLE_FIELDS, type Vehicle, type VehicleFieldName, type VehicleFields } from '@dealer/shared';

/** What the inputs hold: every listing field as text (empty means not given). */
export type VehicleFormValues = Record<VehicleFieldName, string>;

export type { VehicleFields };

/** A step of the listing wizard, numbered from 1 (as links to a step name it). */
export type WizardStep = 1 | 2 | 3 | 4;

/** The four steps, with the fields checked before leaving each. */
export const LISTING_STEPS = [
  { tab: 'Basic Info', heading: 'Vehicle Basic Information', fields: ['make', 'model', 'year', 'price', 'title'] },
  {
    tab: 'Vehicle Details',
    heading: 'Vehicle Details',
    fields: [
      'mileage',
      'transmission',
      'fuelType',
      'condition',
      'bodyType',
      'drivetrain',
      'trim',
      'stockNumber',
      'vin',
      'exteriorColor',
      'interiorColor',
      'description',
    ],
  },
  { tab: 'Photos', heading: 'Vehicle Photos', fields: [] },
  { tab: 'Contact Info', heading: 'Contact Information', fields: ['location', 'contactPhone', 'contactEmail'] },
] as const satisfies readonly { tab: string; heading: string; fields: readonly VehicleFieldName[] }[];

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function toFormValues(vehicle?: Vehicle): VehicleFormValues {
  return Object.fromEntries(VEHICLE_FIELDS.map((field) => [field, text(vehicle?.[field])])) as VehicleFormValues;
}

/** The fields whose text differs from the listing as loaded (trimmed): the ones an edit sends. */
export function changedFields(values: VehicleFormValues, initial: VehicleFormValues): VehicleFieldName[] {
  return VEHICLE_FIELDS.filter((field) => values[field].trim() !== initial[field].trim());
}
