import type { Vehicle, VehicleFields } from '@dealer/shared';

/** What the inputs hold: every field as text (empty means not given). */
export interface VehicleFormValues {
  make: string;
  model: string;
  year: string;
  price: string;
  title: string;
  mileage: string;
  transmission: string;
  fuelType: string;
  condition: string;
  exteriorColor: string;
  interiorColor: string;
  description: string;
  location: string;
  contactPhone: string;
  contactEmail: string;
}

export type { VehicleFields };

export type WizardStep = 1 | 2 | 3 | 4;

export const WIZARD_STEPS: readonly { step: WizardStep; tab: string; heading: string }[] = [
  { step: 1, tab: 'Basic Info', heading: 'Vehicle Basic Information' },
  { step: 2, tab: 'Vehicle Details', heading: 'Vehicle Details' },
  { step: 3, tab: 'Photos', heading: 'Vehicle Photos' },
  { step: 4, tab: 'Contact Info', heading: 'Contact Information' },
];

/** The fields checked before leaving each step. */
export const STEP_FIELDS: Record<WizardStep, (keyof VehicleFormValues)[]> = {
  1: ['make', 'model', 'year', 'price', 'title'],
  2: ['mileage', 'transmission', 'fuelType', 'condition', 'exteriorColor', 'interiorColor', 'description'],
  3: [],
  4: ['location', 'contactPhone', 'contactEmail'],
};

export function stepOfField(field: string): WizardStep | undefined {
  return (Object.keys(STEP_FIELDS) as unknown as WizardStep[])
    .map(Number)
    .find((s) => STEP_FIELDS[s as WizardStep].includes(field as keyof VehicleFormValues)) as WizardStep | undefined;
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function toFormValues(vehicle?: Vehicle): VehicleFormValues {
  return {
    make: text(vehicle?.make),
    model: text(vehicle?.model),
    year: text(vehicle?.year),
    price: text(vehicle?.price),
    title: text(vehicle?.title),
    mileage: text(vehicle?.mileage),
    transmission: text(vehicle?.transmission),
    fuelType: text(vehicle?.fuelType),
    condition: text(vehicle?.condition),
    exteriorColor: text(vehicle?.exteriorColor),
    interiorColor: text(vehicle?.interiorColor),
    description: text(vehicle?.description),
    location: text(vehicle?.location),
    contactPhone: text(vehicle?.contactPhone),
    contactEmail: text(vehicle?.contactEmail),
  };
}
