// The shapes of the demo cars: one base per body type, adjusted per model, and the front styling
// each make is known for (drawn generically: no trademarks, only proportions and grille shapes).

export type BodyType = 'sedan' | 'coupe' | 'roadster' | 'hatchback' | 'suv' | 'pickup' | 'van' | 'wagon';
export type GrilleStyle = 'wide' | 'kidney' | 'hex' | 'slots' | 'none' | 'spindle' | 'bar' | 'truck';
export type LightStyle = 'slim' | 'round' | 'square';
export type WheelStyle = 'spokes' | 'aero' | 'truck' | 'sport';

/** Side-profile measurements in centimetres; x from the front bumper, y from the ground. */
export interface BodyDims {
  length: number;
  width: number;
  height: number;
  clearance: number;
  wheel: number;
  frontAxle: number;
  rearAxle: number;
  /** Top of the front fascia, where the hood starts. */
  nose: number;
  /** Window sill at the windshield and at the rear window. */
  belt: number;
  beltRear: number;
  windshieldX: number;
  roofFrontX: number;
  roofRearX: number;
  rearGlassX: number;
  /** Height of the trunk lid's rear edge (sedans and coupes). */
  deck: number;
  /** Where a pickup's bed starts. */
  bedX?: number;
}

export interface CarDesign {
  body: BodyType;
  dims: BodyDims;
  grille: GrilleStyle;
  lights: LightStyle;
  wheels: WheelStyle;
  doors: 2 | 4;
  /** Unpainted plastic along the sills and arches (SUVs, pickups, rugged wagons). */
  cladding: boolean;
  roofRails: boolean;
  softTop: boolean;
  spareWheel: boolean;
}

const BASES: Record<BodyType, BodyDims> = {
  sedan: {
    length: 480,
    width: 184,
    height: 144,
    clearance: 14,
    wheel: 33,
    frontAxle: 96,
    rearAxle: 378,
    nose: 72,
    belt: 94,
    beltRear: 97,
    windshieldX: 175,
    roofFrontX: 238,
    roofRearX: 338,
    rearGlassX: 405,
    deck: 96,
  },
  coupe: {
    length: 480,
    width: 190,
    height: 136,
    clearance: 12,
    wheel: 35,
    frontAxle: 98,
    rearAxle: 370,
    nose: 76,
    belt: 92,
    beltRear: 94,
    windshieldX: 200,
    roofFrontX: 262,
    roofRearX: 318,
    rearGlassX: 428,
    deck: 93,
  },
  roadster: {
    length: 392,
    width: 173,
    height: 123,
    clearance: 12,
    wheel: 31,
    frontAxle: 78,
    rearAxle: 308,
    nose: 64,
    belt: 84,
    beltRear: 86,
    windshieldX: 168,
    roofFrontX: 212,
    roofRearX: 256,
    rearGlassX: 300,
    deck: 86,
  },
  hatchback: {
    length: 428,
    width: 179,
    height: 146,
    clearance: 14,
    wheel: 32,
    frontAxle: 88,
    rearAxle: 352,
    nose: 74,
    belt: 96,
    beltRear: 100,
    windshieldX: 152,
    roofFrontX: 214,
    roofRearX: 362,
    rearGlassX: 416,
    deck: 100,
  },
  suv: {
    length: 460,
    width: 186,
    height: 170,
    clearance: 20,
    wheel: 37,
    frontAxle: 92,
    rearAxle: 360,
    nose: 96,
    belt: 112,
    beltRear: 114,
    windshieldX: 158,
    roofFrontX: 218,
    roofRearX: 412,
    rearGlassX: 448,
    deck: 114,
  },
  pickup: {
    length: 580,
    width: 203,
    height: 195,
    clearance: 24,
    wheel: 41,
    frontAxle: 100,
    rearAxle: 465,
    nose: 120,
    belt: 128,
    beltRear: 126,
    windshieldX: 176,
    roofFrontX: 228,
    roofRearX: 370,
    rearGlassX: 374,
    deck: 126,
    bedX: 384,
  },
  van: {
    length: 512,
    width: 200,
    height: 178,
    clearance: 15,
    wheel: 35,
    frontAxle: 98,
    rearAxle: 400,
    nose: 90,
    belt: 106,
    beltRear: 110,
    windshieldX: 128,
    roofFrontX: 205,
    roofRearX: 476,
    rearGlassX: 504,
    deck: 110,
  },
  wagon: {
    length: 487,
    width: 186,
    height: 160,
    clearance: 20,
    wheel: 35,
    frontAxle: 96,
    rearAxle: 370,
    nose: 82,
    belt: 100,
    beltRear: 104,
    windshieldX: 172,
    roofFrontX: 232,
    roofRearX: 438,
    rearGlassX: 474,
    deck: 104,
  },
};

const MAKE_STYLE: Record<string, { grille: GrilleStyle; lights: LightStyle }> = {
  Toyota: { grille: 'wide', lights: 'slim' },
  Honda: { grille: 'bar', lights: 'slim' },
  Tesla: { grille: 'none', lights: 'slim' },
  Ford: { grille: 'wide', lights: 'square' },
  BMW: { grille: 'kidney', lights: 'slim' },
  Chevrolet: { grille: 'bar', lights: 'slim' },
  Subaru: { grille: 'hex', lights: 'slim' },
  Hyundai: { grille: 'none', lights: 'square' },
  Jeep: { grille: 'slots', lights: 'round' },
  Mazda: { grille: 'hex', lights: 'slim' },
  Nissan: { grille: 'wide', lights: 'slim' },
  Volkswagen: { grille: 'bar', lights: 'slim' },
  Audi: { grille: 'hex', lights: 'slim' },
  Kia: { grille: 'wide', lights: 'square' },
  Ram: { grille: 'truck', lights: 'square' },
  'Mercedes-Benz': { grille: 'bar', lights: 'slim' },
  Lexus: { grille: 'spindle', lights: 'slim' },
  Volvo: { grille: 'bar', lights: 'slim' },
  Porsche: { grille: 'none', lights: 'round' },
  Mini: { grille: 'hex', lights: 'round' },
  Chrysler: { grille: 'wide', lights: 'slim' },
};

export interface DesignRequest {
  make: string;
  body: BodyType;
  /** Measurements that differ from the body type's base (a Wrangler's upright windshield, a Ram's height). */
  dims?: Partial<BodyDims>;
  grille?: GrilleStyle;
  lights?: LightStyle;
  wheels?: WheelStyle;
  doors?: 2 | 4;
  spareWheel?: boolean;
}

export function carDesign(request: DesignRequest): CarDesign {
  const style = MAKE_STYLE[request.make] ?? { grille: 'wide', lights: 'slim' };
  const rugged = request.body === 'suv' || request.body === 'pickup' || request.body === 'wagon';
  const sporty = request.body === 'coupe' || request.body === 'roadster';
  return {
    body: request.body,
    dims: { ...BASES[request.body], ...request.dims },
    grille: request.grille ?? (request.body === 'pickup' ? 'truck' : style.grille),
    lights: request.lights ?? style.lights,
    wheels: request.wheels ?? (request.body === 'pickup' ? 'truck' : sporty ? 'sport' : 'spokes'),
    doors: request.doors ?? (sporty ? 2 : 4),
    cladding: rugged,
    roofRails: request.body === 'suv' || request.body === 'wagon',
    softTop: request.body === 'roadster',
    spareWheel: request.spareWheel ?? false,
  };
}
