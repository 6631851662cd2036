import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Condition, FuelType, Transmission, VehicleStatus } from '@dealer/shared';
import type { AppDeps } from '../app';
import { vehicleImages, vehicles } from '../db/schema';
import { newPhotoKey, processPhoto, storePhoto, type ProcessedPhoto } from '../lib/images';
import type { DemoUsers } from './demo-users';

type Seller = keyof DemoUsers;

interface DemoVehicle {
  title: string;
  make: string;
  model: string;
  year: number;
  price: number;
  mileage: number;
  transmission: Transmission;
  fuelType: FuelType;
  condition: Condition;
  exteriorColor: keyof typeof PAINT;
  interiorColor: string;
  location: string;
  description: string;
  status?: VehicleStatus;
  seller?: Seller;
  /** Sold to this demo user (shows on their Purchases page). */
  buyer?: Seller;
  /** Days before now the listing was created. */
  age: number;
  /** Number of photos (0 shows the 'No image' state). */
  photos?: number;
}

const PAINT = {
  Black: '#111827',
  White: '#f3f4f6',
  Silver: '#9ca3af',
  Gray: '#4b5563',
  Red: '#b91c1c',
  Blue: '#1d4ed8',
  Green: '#166534',
  Orange: '#ea580c',
  Yellow: '#eab308',
  Brown: '#78350f',
} as const;

const SCENES = [
  { sky: ['#7fb3e6', '#e0eefa'], ground: '#6b7280' },
  { sky: ['#f59e0b', '#fde68a'], ground: '#57534e' },
  { sky: ['#1e293b', '#64748b'], ground: '#374151' },
] as const;

/** A side view of a car in the given paint, drawn as SVG (demo photos are made offline, no downloads). */
function carSvg(paint: string, scene: (typeof SCENES)[number]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 960 600">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient>
    <linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="960" height="600" fill="url(#sky)"/>
  <rect y="430" width="960" height="170" fill="${scene.ground}"/>
  <g fill="#f8fafc" opacity="0.8">${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${i * 180 + 20}" y="540" width="100" height="10"/>`).join('')}</g>
  <ellipse cx="490" cy="462" rx="370" ry="20" fill="#000" opacity="0.35"/>
  <path d="M120 420 L132 352 Q140 318 190 310 L300 300 L372 228 Q392 206 436 204 L600 204 Q642 206 670 232 L742 300 L818 312 Q856 320 860 356 L866 420 Z" fill="${paint}"/>
  <path d="M120 420 L132 352 Q140 318 190 310 L300 300 L372 228 Q392 206 436 204 L600 204 Q642 206 670 232 L742 300 L818 312 Q856 320 860 356 L866 420 Z" fill="url(#shine)"/>
  <path d="M322 298 L388 238 Q400 226 426 226 L498 226 L498 298 Z" fill="#1f2937" opacity="0.85"/>
  <path d="M516 226 L590 226 Q624 228 644 248 L700 298 L516 298 Z" fill="#1f2937" opacity="0.85"/>
  <rect x="826" y="334" width="32" height="16" rx="6" fill="#fde68a"/>
  <rect x="124" y="340" width="22" height="14" rx="5" fill="#dc2626"/>
  <line x1="506" y1="226" x2="506" y2="410" stroke="#000" stroke-opacity="0.25" stroke-width="4"/>
  ${[262, 712].map((cx) => `<circle cx="${cx}" cy="420" r="62" fill="#0b0f19"/><circle cx="${cx}" cy="420" r="34" fill="#cbd5e1"/><circle cx="${cx}" cy="420" r="10" fill="#475569"/>`).join('')}
</svg>`;
}

const DEMO_VEHICLES: DemoVehicle[] = [
  {
    title: '2021 Toyota Camry SE',
    make: 'Toyota',
    model: 'Camry',
    year: 2021,
    price: 24500,
    mileage: 28400,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Silver',
    interiorColor: 'Black',
    location: 'Austin, TX',
    description: 'One-owner Camry SE with a clean history report, sport seats, Apple CarPlay and new tires at 25,000 miles.',
    age: 1,
    photos: 3,
  },
  {
    title: '2020 Honda Civic EX',
    make: 'Honda',
    model: 'Civic',
    year: 2020,
    price: 19900,
    mileage: 35200,
    transmission: 'CVT',
    fuelType: 'Petrol',
    condition: 'Good',
    exteriorColor: 'Blue',
    interiorColor: 'Gray',
    location: 'Denver, CO',
    description: 'Economical commuter with sunroof, heated seats and Honda Sensing safety suite. Regular dealer maintenance.',
    age: 2,
    photos: 2,
  },
  {
    title: '2022 Tesla Model 3 Long Range',
    make: 'Tesla',
    model: 'Model 3',
    year: 2022,
    price: 38900,
    mileage: 18100,
    transmission: 'Automatic',
    fuelType: 'Electric',
    condition: 'Like New',
    exteriorColor: 'White',
    interiorColor: 'White',
    location: 'San Jose, CA',
    description: 'Dual-motor all-wheel drive with 330 miles of range, premium interior and Autopilot. Battery health at 97%.',
    age: 2,
    photos: 3,
  },
  {
    title: '2019 Ford F-150 XLT SuperCrew',
    make: 'Ford',
    model: 'F-150',
    year: 2019,
    price: 31500,
    mileage: 52000,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Good',
    exteriorColor: 'Red',
    interiorColor: 'Gray',
    location: 'Dallas, TX',
    description: '4x4 SuperCrew with the 3.5L EcoBoost, tow package, bed liner and running boards. Ready for work or play.',
    age: 3,
    photos: 2,
  },
  {
    title: '2023 Toyota RAV4 Hybrid XLE',
    make: 'Toyota',
    model: 'RAV4',
    year: 2023,
    price: 34900,
    mileage: 9800,
    transmission: 'CVT',
    fuelType: 'Hybrid',
    condition: 'Like New',
    exteriorColor: 'Green',
    interiorColor: 'Black',
    location: 'Portland, OR',
    description: 'Nearly new RAV4 Hybrid averaging 40 mpg, all-wheel drive, power liftgate and remaining factory warranty.',
    age: 4,
    photos: 3,
  },
  {
    title: '2018 BMW 330i Sport',
    make: 'BMW',
    model: '330i',
    year: 2018,
    price: 22700,
    mileage: 47600,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Black',
    interiorColor: 'Brown',
    location: 'Chicago, IL',
    description: 'Sport line with navigation, harman/kardon audio and heated leather seats. Serviced at BMW every 10,000 miles.',
    age: 5,
    photos: 2,
  },
  {
    title: '2021 Chevrolet Silverado 1500 LT',
    make: 'Chevrolet',
    model: 'Silverado 1500',
    year: 2021,
    price: 36800,
    mileage: 30500,
    transmission: 'Automatic',
    fuelType: 'Diesel',
    condition: 'Excellent',
    exteriorColor: 'Gray',
    interiorColor: 'Black',
    location: 'Phoenix, AZ',
    description: 'Duramax 3.0L diesel with excellent highway economy, trailering package and a spray-in bed liner.',
    age: 6,
    photos: 2,
  },
  {
    title: '2017 Subaru Outback 2.5i Premium',
    make: 'Subaru',
    model: 'Outback',
    year: 2017,
    price: 15400,
    mileage: 78200,
    transmission: 'CVT',
    fuelType: 'Petrol',
    condition: 'Good',
    exteriorColor: 'Green',
    interiorColor: 'Gray',
    location: 'Seattle, WA',
    description: 'Symmetrical all-wheel drive wagon with roof rails, EyeSight and a new timing belt. Great in the snow.',
    age: 7,
    photos: 2,
    seller: 'jane',
  },
  {
    title: '2022 Hyundai Ioniq 5 SEL',
    make: 'Hyundai',
    model: 'Ioniq 5',
    year: 2022,
    price: 36500,
    mileage: 14300,
    transmission: 'Automatic',
    fuelType: 'Electric',
    condition: 'Excellent',
    exteriorColor: 'Silver',
    interiorColor: 'Gray',
    location: 'Atlanta, GA',
    description: 'Ultra-fast charging from 10 to 80% in 18 minutes, heated seats and a spacious flat-floor cabin.',
    age: 8,
    photos: 3,
  },
  {
    title: '2016 Jeep Wrangler Unlimited Sahara',
    make: 'Jeep',
    model: 'Wrangler',
    year: 2016,
    price: 25900,
    mileage: 69800,
    transmission: 'Manual',
    fuelType: 'Petrol',
    condition: 'Good',
    exteriorColor: 'Orange',
    interiorColor: 'Black',
    location: 'Salt Lake City, UT',
    description: 'Four-door Sahara with hard top and soft top, 33-inch all-terrain tires and a 2-inch lift.',
    age: 9,
    photos: 2,
    seller: 'sam',
  },
  {
    title: '2020 Mazda MX-5 Miata Club',
    make: 'Mazda',
    model: 'MX-5 Miata',
    year: 2020,
    price: 23900,
    mileage: 21000,
    transmission: 'Manual',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Red',
    interiorColor: 'Black',
    location: 'San Diego, CA',
    description: 'Six-speed manual roadster with Brembo brakes, BBS wheels and a limited-slip differential. Garage kept.',
    age: 10,
    photos: 2,
  },
  {
    title: '2019 Nissan Leaf SV',
    make: 'Nissan',
    model: 'Leaf',
    year: 2019,
    price: 13900,
    mileage: 33700,
    transmission: 'Automatic',
    fuelType: 'Electric',
    condition: 'Good',
    exteriorColor: 'White',
    interiorColor: 'Black',
    location: 'Sacramento, CA',
    description: 'Affordable city EV with 150 miles of range, ProPILOT assist and a home charging cable included.',
    age: 11,
    photos: 1,
  },
  {
    title: '2021 Volkswagen Golf GTI',
    make: 'Volkswagen',
    model: 'Golf GTI',
    year: 2021,
    price: 27400,
    mileage: 16900,
    transmission: 'Manual',
    fuelType: 'Petrol',
    condition: 'Like New',
    exteriorColor: 'Gray',
    interiorColor: 'Black',
    location: 'Boston, MA',
    description: 'Plaid seats, six-speed manual and adaptive dampers. The hot hatch that does everything well.',
    age: 12,
    photos: 2,
  },
  {
    title: '2018 Audi Q5 Premium Plus',
    make: 'Audi',
    model: 'Q5',
    year: 2018,
    price: 26800,
    mileage: 51200,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Blue',
    interiorColor: 'Brown',
    location: 'Minneapolis, MN',
    description: 'Quattro all-wheel drive, virtual cockpit, panoramic roof and Bang & Olufsen sound.',
    age: 13,
    photos: 2,
  },
  {
    title: '2022 Kia Telluride EX',
    make: 'Kia',
    model: 'Telluride',
    year: 2022,
    price: 41500,
    mileage: 22400,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Black',
    interiorColor: 'Brown',
    location: 'Nashville, TN',
    description: 'Three-row family SUV with captain chairs, 360-degree camera and ventilated front seats.',
    age: 14,
    photos: 3,
    status: 'reserved',
  },
  {
    title: '2015 Toyota Prius Two',
    make: 'Toyota',
    model: 'Prius',
    year: 2015,
    price: 11200,
    mileage: 98500,
    transmission: 'CVT',
    fuelType: 'Hybrid',
    condition: 'Fair',
    exteriorColor: 'Silver',
    interiorColor: 'Gray',
    location: 'Las Vegas, NV',
    description: 'Reliable high-mileage Prius that still returns 48 mpg. Hybrid battery replaced in 2022.',
    age: 15,
    photos: 1,
    seller: 'jane',
  },
  {
    title: '2020 Ford Mustang GT Premium',
    make: 'Ford',
    model: 'Mustang',
    year: 2020,
    price: 33900,
    mileage: 19800,
    transmission: 'Manual',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Yellow',
    interiorColor: 'Black',
    location: 'Miami, FL',
    description: '5.0L V8 with the performance pack, active exhaust and Recaro seats. Never tracked.',
    age: 16,
    photos: 2,
  },
  {
    title: '2019 Honda CR-V EX-L',
    make: 'Honda',
    model: 'CR-V',
    year: 2019,
    price: 23400,
    mileage: 44100,
    transmission: 'CVT',
    fuelType: 'Petrol',
    condition: 'Good',
    exteriorColor: 'White',
    interiorColor: 'Black',
    location: 'Charlotte, NC',
    description: 'Leather, heated seats, power tailgate and all-wheel drive. Clean title and two keys.',
    age: 17,
    photos: 2,
    status: 'active',
  },
  {
    title: '2021 Ram 2500 Tradesman Cummins',
    make: 'Ram',
    model: '2500',
    year: 2021,
    price: 44900,
    mileage: 38700,
    transmission: 'Automatic',
    fuelType: 'Diesel',
    condition: 'Good',
    exteriorColor: 'White',
    interiorColor: 'Gray',
    location: 'Houston, TX',
    description: '6.7L Cummins turbo diesel, 4x4, fifth-wheel prep and a towing capacity of 17,000 lb.',
    age: 18,
    photos: 2,
  },
  {
    title: '2017 Honda Civic Natural Gas Conversion',
    make: 'Honda',
    model: 'Civic',
    year: 2017,
    price: 9800,
    mileage: 88200,
    transmission: 'Automatic',
    fuelType: 'CNG',
    condition: 'Fair',
    exteriorColor: 'Silver',
    interiorColor: 'Gray',
    location: 'Oklahoma City, OK',
    description: 'Certified CNG conversion with a dual-fuel system: cheap to run and eligible for HOV lanes.',
    age: 19,
    photos: 1,
  },
  {
    title: '2023 Chevrolet Bolt EUV LT',
    make: 'Chevrolet',
    model: 'Bolt EUV',
    year: 2023,
    price: 27900,
    mileage: 6200,
    transmission: 'Automatic',
    fuelType: 'Electric',
    condition: 'New',
    exteriorColor: 'Blue',
    interiorColor: 'Black',
    location: 'Columbus, OH',
    description: 'Brand-new Bolt EUV with Super Cruise, 247 miles of range and the full factory warranty.',
    age: 20,
    photos: 3,
  },
  {
    title: '2018 Mercedes-Benz C300 Sedan',
    make: 'Mercedes-Benz',
    model: 'C300',
    year: 2018,
    price: 24900,
    mileage: 41800,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Black',
    interiorColor: 'Brown',
    location: 'Philadelphia, PA',
    description: 'Premium package with Burmester audio, ambient lighting and a blind-spot assist system.',
    age: 21,
    photos: 2,
    status: 'reserved',
    seller: 'sam',
  },
  {
    title: '2016 Lexus RX 350 F Sport',
    make: 'Lexus',
    model: 'RX 350',
    year: 2016,
    price: 24500,
    mileage: 72600,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Good',
    exteriorColor: 'Gray',
    interiorColor: 'Black',
    location: 'Raleigh, NC',
    description: 'F Sport handling package, Mark Levinson audio and adaptive cruise. Meticulously maintained.',
    age: 22,
    photos: 2,
  },
  {
    title: '2022 Toyota Tacoma TRD Off-Road',
    make: 'Toyota',
    model: 'Tacoma',
    year: 2022,
    price: 37900,
    mileage: 15600,
    transmission: 'Manual',
    fuelType: 'Petrol',
    condition: 'Like New',
    exteriorColor: 'Orange',
    interiorColor: 'Black',
    location: 'Albuquerque, NM',
    description: 'Six-speed manual TRD Off-Road with locking rear differential, crawl control and a bed tent.',
    age: 23,
    photos: 2,
  },
  {
    title: '2014 Volvo XC60 T5',
    make: 'Volvo',
    model: 'XC60',
    year: 2014,
    price: 8900,
    mileage: 121000,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Salvage',
    exteriorColor: 'Brown',
    interiorColor: 'Brown',
    location: 'Kansas City, MO',
    description: 'Salvage title after minor hail damage, professionally repaired. Runs and drives perfectly.',
    age: 24,
    photos: 1,
  },
  {
    title: '2020 Porsche Macan S',
    make: 'Porsche',
    model: 'Macan',
    year: 2020,
    price: 52900,
    mileage: 24300,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'White',
    interiorColor: 'Black',
    location: 'Scottsdale, AZ',
    description: 'Sport Chrono package, air suspension and 20-inch wheels. Porsche certified inspection passed.',
    age: 25,
    photos: 3,
  },
  // Sold: one to Jane (her Purchases page shows it), two without a recorded buyer.
  {
    title: '2019 Subaru Forester Touring',
    make: 'Subaru',
    model: 'Forester',
    year: 2019,
    price: 21500,
    mileage: 39900,
    transmission: 'CVT',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Blue',
    interiorColor: 'Brown',
    location: 'Springfield, IL',
    description: 'Top Touring trim with the DriverFocus system, Harman Kardon audio and a power moonroof.',
    age: 40,
    photos: 2,
    status: 'sold',
    buyer: 'jane',
  },
  {
    title: '2017 Ford Escape Titanium',
    make: 'Ford',
    model: 'Escape',
    year: 2017,
    price: 12900,
    mileage: 64800,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Good',
    exteriorColor: 'Red',
    interiorColor: 'Black',
    location: 'Indianapolis, IN',
    description: 'Titanium with leather, hands-free liftgate and Sync 3. Sold, kept here for reference.',
    age: 45,
    photos: 1,
    status: 'sold',
  },
  {
    title: '2018 Tesla Model S 75D',
    make: 'Tesla',
    model: 'Model S',
    year: 2018,
    price: 32900,
    mileage: 58700,
    transmission: 'Automatic',
    fuelType: 'Electric',
    condition: 'Good',
    exteriorColor: 'Gray',
    interiorColor: 'Black',
    location: 'Los Angeles, CA',
    description: 'All-wheel drive Model S with free lifetime Supercharging transferred to the new owner.',
    age: 50,
    photos: 2,
    status: 'sold',
  },
  // Waiting for review (only the seller and the dealership see them).
  {
    title: '2015 Honda Accord Sport',
    make: 'Honda',
    model: 'Accord',
    year: 2015,
    price: 12500,
    mileage: 91300,
    transmission: 'Manual',
    fuelType: 'Petrol',
    condition: 'Good',
    exteriorColor: 'Black',
    interiorColor: 'Black',
    location: 'Springfield, IL',
    description: 'Rare six-speed manual Accord Sport, timing chain engine, new clutch last year.',
    age: 0,
    photos: 2,
    status: 'pending',
    seller: 'jane',
  },
  {
    title: '2012 Toyota Corolla LE',
    make: 'Toyota',
    model: 'Corolla',
    year: 2012,
    price: 6900,
    mileage: 134000,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Fair',
    exteriorColor: 'Silver',
    interiorColor: 'Gray',
    location: 'Springfield, IL',
    description: 'Dependable first car with cold air conditioning and recent brakes. Some scratches on the rear bumper.',
    age: 1,
    photos: 0,
    status: 'pending',
    seller: 'sam',
  },
  {
    title: '2021 Kia Niro EV EX Premium',
    make: 'Kia',
    model: 'Niro EV',
    year: 2021,
    price: 25900,
    mileage: 20800,
    transmission: 'Automatic',
    fuelType: 'Electric',
    condition: 'Excellent',
    exteriorColor: 'White',
    interiorColor: 'Gray',
    location: 'Milwaukee, WI',
    description: 'EX Premium with 239 miles of range, sunroof, ventilated seats and a heat pump for winter.',
    age: 2,
    photos: 2,
    status: 'pending',
    seller: 'sam',
  },
  {
    title: '2010 Mini Cooper S',
    make: 'Mini',
    model: 'Cooper S',
    year: 2010,
    price: 5200,
    mileage: 112000,
    transmission: 'Manual',
    fuelType: 'Petrol',
    condition: 'Fair',
    exteriorColor: 'Green',
    interiorColor: 'Black',
    location: 'Springfield, IL',
    description: 'Fun project car, draft listing still being written by the seller before sending it for review.',
    age: 3,
    photos: 1,
    status: 'draft',
    seller: 'sam',
  },
];

const PHONES: Record<Seller, string> = {
  admin: '+1 (555) 010-0100',
  jane: '+1 (555) 010-0101',
  sam: '+1 (555) 010-0102',
};
const EMAILS: Record<Seller, string> = {
  admin: 'sales@apexmotors.test',
  jane: 'jane@example.com',
  sam: 'sam@example.com',
};

/** Makes one processed photo per paint and scene, rendered once and shared by every listing using it. */
async function renderPhotos(needed: Set<string>): Promise<Map<string, ProcessedPhoto>> {
  const photos = new Map<string, ProcessedPhoto>();
  await Promise.all(
    [...needed].map(async (id) => {
      const [paint, scene] = id.split(':') as [keyof typeof PAINT, string];
      const png = await sharp(Buffer.from(carSvg(PAINT[paint], SCENES[Number(scene)]!)))
        .png({ compressionLevel: 1 })
        .toBuffer();
      photos.set(id, await processPhoto(png));
    }),
  );
  return photos;
}

/** Adds the demo listings with photos; returns how many were added. */
export async function seedDemoVehicles(deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>, userIds: DemoUsers): Promise<number> {
  const photoId = (v: DemoVehicle, i: number) => `${v.exteriorColor}:${i % SCENES.length}`;
  const needed = new Set(DEMO_VEHICLES.flatMap((v) => Array.from({ length: v.photos ?? 1 }, (_, i) => photoId(v, i))));
  const photos = await renderPhotos(needed);
  const now = deps.clock.now().getTime();
  const day = 24 * 60 * 60 * 1000;

  const vehicleRows: (typeof vehicles.$inferInsert)[] = [];
  const imageRows: (typeof vehicleImages.$inferInsert)[] = [];
  for (const [index, v] of DEMO_VEHICLES.entries()) {
    const id = randomUUID();
    const seller = v.seller ?? 'admin';
    // Spread within the day too, so 'newest first' is a stable, meaningful order.
    const createdAt = new Date(now - v.age * day - index * 37 * 60 * 1000);
    const status = v.status ?? 'available';
    vehicleRows.push({
      id,
      ownerId: userIds[seller],
      buyerId: v.buyer ? userIds[v.buyer] : null,
      soldAt: status === 'sold' ? new Date(createdAt.getTime() + 10 * day) : null,
      title: v.title,
      make: v.make,
      model: v.model,
      year: v.year,
      price: v.price,
      mileage: v.mileage,
      transmission: v.transmission,
      fuelType: v.fuelType,
      condition: v.condition,
      exteriorColor: v.exteriorColor,
      interiorColor: v.interiorColor,
      description: v.description,
      location: v.location,
      contactPhone: PHONES[seller],
      contactEmail: seller === 'admin' || index % 2 === 0 ? EMAILS[seller] : null,
      status,
      createdAt,
      updatedAt: status === 'sold' ? new Date(createdAt.getTime() + 10 * day) : createdAt,
    });
    for (let position = 0; position < (v.photos ?? 1); position += 1) {
      const photo = photos.get(photoId(v, position))!;
      const key = newPhotoKey();
      await storePhoto(deps.storage, id, key, photo);
      imageRows.push({ vehicleId: id, position, key, width: photo.width, height: photo.height });
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx.insert(vehicles).values(vehicleRows);
    if (imageRows.length) await tx.insert(vehicleImages).values(imageRows);
  });
  return vehicleRows.length;
}
