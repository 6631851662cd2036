import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Condition, FuelType, Transmission, VehicleStatus } from '@dealer/shared';
import type { AppDeps } from '../app';
import { vehicleImages, vehicles } from '../db/schema';
import { newPhotoKey, photoWidths, storePhoto, type ProcessedPhoto } from '../infra/images';
import { carDesign, type DesignRequest } from './car-art/designs';
import { SCENES } from './car-art/scenes';
import { PHOTO_VIEWS, vehiclePhotoSvg, type PhotoSubject, type PhotoView } from './car-art/vehicle-photo';
import { DEMO_FACTS, demoVin } from './demo-listing-facts';
import type { DemoUsers } from './demo-users';
import { vehicleRow } from '../test/factories';

type Seller = 'admin' | 'jane' | 'sam';

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
  interiorColor: keyof typeof UPHOLSTERY;
  location: string;
  description: string;
  status?: VehicleStatus;
  seller?: Seller;
  /** Sold to this demo user (shows on their Purchases page). */
  buyer?: Seller;
  /** Days before now the listing was created. */
  age: number;
  /** Body type and the model's proportions, for its photos. */
  look: Omit<DesignRequest, 'make'>;
}

const PAINT = {
  Black: '#1a1d23',
  White: '#eef0f3',
  Silver: '#a3a9b2',
  Gray: '#565d67',
  Red: '#a51d1d',
  Blue: '#1f4fa8',
  Green: '#2f5d3a',
  Orange: '#d9601a',
  Yellow: '#e0b21b',
  Brown: '#6b3f1f',
} as const;

const UPHOLSTERY = {
  Black: '#24262b',
  Gray: '#6b7079',
  Brown: '#7b4a2c',
  White: '#e4dfd5',
} as const;

/** Photo size: 4:3 like every photo frame of the site, stored at this width and at the card width. */
const PHOTO_WIDTH = 640;
const PHOTO_HEIGHT = 480;

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
    look: { body: 'sedan' },
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
    age: 4,
    look: { body: 'sedan', dims: { length: 465, height: 141 } },
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
    age: 9,
    look: { body: 'sedan', dims: { length: 469, roofRearX: 318, rearGlassX: 428, nose: 66 }, wheels: 'aero' },
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
    age: 22,
    look: { body: 'pickup' },
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
    age: 38,
    look: { body: 'suv' },
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
    age: 41,
    look: { body: 'sedan', dims: { length: 471, windshieldX: 190, roofFrontX: 250 }, wheels: 'sport' },
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
    age: 52,
    look: { body: 'pickup', dims: { length: 588, height: 192, nose: 126 } },
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
    age: 75,
    look: { body: 'wagon' },
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
    age: 16,
    look: {
      body: 'hatchback',
      dims: {
        length: 464,
        height: 160,
        wheel: 36,
        frontAxle: 80,
        rearAxle: 380,
        belt: 100,
        beltRear: 104,
        windshieldX: 140,
        roofFrontX: 200,
        roofRearX: 400,
        rearGlassX: 455,
      },
      wheels: 'aero',
    },
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
    age: 88,
    look: {
      body: 'suv',
      dims: {
        length: 470,
        height: 184,
        clearance: 26,
        wheel: 40,
        nose: 112,
        belt: 122,
        beltRear: 122,
        windshieldX: 150,
        roofFrontX: 168,
        roofRearX: 440,
        rearGlassX: 452,
      },
      spareWheel: true,
      wheels: 'truck',
    },
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
    age: 96,
    look: { body: 'roadster' },
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
    age: 57,
    look: { body: 'hatchback', dims: { length: 449, height: 154 }, wheels: 'aero' },
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
    age: 27,
    look: { body: 'hatchback', dims: { height: 144 }, wheels: 'sport' },
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
    age: 110,
    look: { body: 'suv', dims: { length: 466, height: 165, roofRearX: 400 } },
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
    age: 64,
    look: {
      body: 'suv',
      dims: {
        length: 500,
        height: 176,
        width: 199,
        wheel: 38,
        rearAxle: 390,
        nose: 104,
        belt: 116,
        beltRear: 118,
        roofRearX: 458,
        rearGlassX: 490,
      },
    },
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
    age: 140,
    look: {
      body: 'hatchback',
      dims: { length: 448, height: 149, roofFrontX: 222, roofRearX: 318, rearGlassX: 436, beltRear: 102 },
      wheels: 'aero',
    },
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
    age: 49,
    look: { body: 'coupe' },
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
    age: 125,
    look: { body: 'suv', dims: { length: 458, height: 168 } },
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
    age: 150,
    look: {
      body: 'pickup',
      dims: { length: 610, height: 201, clearance: 28, wheel: 42, rearAxle: 490, nose: 134, belt: 140, beltRear: 138, bedX: 392 },
    },
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
    age: 170,
    look: { body: 'sedan', dims: { length: 458, height: 142 } },
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
    age: 62,
    look: { body: 'hatchback', dims: { length: 431, height: 162, clearance: 18, belt: 102, beltRear: 106 }, wheels: 'aero' },
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
    age: 180,
    look: { body: 'sedan', dims: { length: 469, windshieldX: 186, roofFrontX: 246 } },
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
    age: 190,
    look: { body: 'suv', dims: { length: 489, height: 169, roofRearX: 415 } },
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
    age: 70,
    look: {
      body: 'pickup',
      dims: { length: 539, height: 182, width: 190, wheel: 40, rearAxle: 430, nose: 112, belt: 118, beltRear: 116, bedX: 362 },
    },
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
    age: 260,
    look: { body: 'suv', dims: { length: 464, height: 166, roofRearX: 398 } },
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
    age: 85,
    look: {
      body: 'suv',
      dims: { length: 470, height: 162, clearance: 18, roofRearX: 372, rearGlassX: 446, wheel: 38 },
      wheels: 'sport',
    },
  },
  {
    title: '2020 Honda Odyssey EX-L',
    make: 'Honda',
    model: 'Odyssey',
    year: 2020,
    price: 29900,
    mileage: 36400,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Gray',
    interiorColor: 'Gray',
    location: 'Springfield, IL',
    description: 'Eight-seat minivan with power sliding doors, rear entertainment screen and a full dealer service history.',
    age: 100,
    look: { body: 'van' },
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
    age: 230,
    look: { body: 'suv', dims: { length: 463, height: 173 } },
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
    // Listed and sold within the reports' default 90 days.
    age: 80,
    look: { body: 'suv', dims: { length: 452, height: 166 } },
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
    age: 60,
    look: { body: 'sedan', dims: { length: 497, height: 144, roofRearX: 330, rearGlassX: 440, nose: 66 }, wheels: 'aero' },
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
    age: 2,
    look: { body: 'sedan', dims: { length: 487 } },
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
    age: 33,
    look: { body: 'sedan', dims: { length: 454, height: 146 } },
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
    age: 45,
    look: { body: 'hatchback', dims: { length: 438, height: 156, clearance: 16 }, wheels: 'aero' },
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
    age: 6,
    look: {
      body: 'hatchback',
      dims: {
        length: 372,
        height: 141,
        frontAxle: 66,
        rearAxle: 312,
        windshieldX: 128,
        roofFrontX: 182,
        roofRearX: 330,
        rearGlassX: 362,
      },
    },
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

function photoSubject(v: DemoVehicle, index: number): PhotoSubject {
  return {
    design: carDesign({ make: v.make, ...v.look }),
    paint: PAINT[v.exteriorColor],
    cabin: { trim: UPHOLSTERY[v.interiorColor], minimal: v.make === 'Tesla', manual: v.transmission === 'Manual' },
    scene: SCENES[index % SCENES.length]!,
  };
}

/** Listings with the same cabin share one interior photo; each car's outside views are its own. */
function drawingKey(v: DemoVehicle, index: number, view: PhotoView): string {
  return view === 'interior'
    ? `interior:${v.interiorColor}:${v.make === 'Tesla'}:${v.transmission === 'Manual'}`
    : `${index}:${view}`;
}

/**
 * Rasterises the SVG once, then encodes each stored width as WebP (no metadata is written). The
 * lowest encoder effort halves the time of the first start for files a few percent larger.
 */
async function renderPhoto(svg: string): Promise<ProcessedPhoto> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const variants = await Promise.all(
    photoWidths(info.width).map(async (width) => ({
      width,
      data: await (width === info.width ? sharp(data, raw) : sharp(data, raw).resize({ width }))
        .webp({ quality: 80, effort: 0 })
        .toBuffer(),
    })),
  );
  return { width: info.width, height: info.height, variants };
}

/** Every distinct demo drawing as SVG, by drawing key (about 110 for 35 listings). */
export function demoPhotoDrawings(): Map<string, string> {
  const drawings = new Map<string, string>();
  DEMO_VEHICLES.forEach((v, index) => {
    for (const view of PHOTO_VIEWS) {
      const key = drawingKey(v, index, view);
      if (!drawings.has(key)) drawings.set(key, vehiclePhotoSvg(photoSubject(v, index), view, PHOTO_WIDTH, PHOTO_HEIGHT));
    }
  });
  return drawings;
}

/** Renders each drawing once; listings sharing a drawing share its files' content. */
async function renderPhotos(): Promise<Map<string, ProcessedPhoto>> {
  const photos = new Map<string, ProcessedPhoto>();
  await Promise.all([...demoPhotoDrawings()].map(async ([key, svg]) => photos.set(key, await renderPhoto(svg))));
  return photos;
}

/** Adds the demo listings, each with a photo per angle; returns how many were added. */
export async function seedDemoVehicles(deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>, userIds: DemoUsers): Promise<number> {
  const photos = await renderPhotos();
  const now = deps.clock.now().getTime();
  const day = 24 * 60 * 60 * 1000;

  const vehicleRows: (typeof vehicles.$inferInsert)[] = [];
  const imageRows: (typeof vehicleImages.$inferInsert)[] = [];
  const writes: Promise<unknown>[] = [];
  for (const [index, v] of DEMO_VEHICLES.entries()) {
    const id = randomUUID();
    const seller = v.seller ?? 'admin';
    // Spread within the day too, so 'newest first' is a stable, meaningful order.
    const createdAt = new Date(now - v.age * day - (index % 9) * 47 * 60 * 1000 - 20 * 60 * 1000);
    const status = v.status ?? 'available';
    const soldAt = status === 'sold' ? new Date(Math.min(createdAt.getTime() + (9 + (index % 13)) * day, now - day)) : null;
    vehicleRows.push(
      vehicleRow({
        id,
        ownerId: userIds[seller],
        buyerId: v.buyer ? userIds[v.buyer] : null,
        soldAt,
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
        ...DEMO_FACTS[v.title],
        // The dealership's own cars carry their VIN and its stock number; private sellers often leave them out.
        vin: seller === 'admin' || index % 3 === 0 ? demoVin(v.make, v.year, 4200 + index) : null,
        stockNumber: seller === 'admin' ? `AM-${String(1001 + index)}` : null,
        status,
        createdAt,
        updatedAt: soldAt ?? createdAt,
      }),
    );
    PHOTO_VIEWS.forEach((view, position) => {
      const photo = photos.get(drawingKey(v, index, view))!;
      const key = newPhotoKey();
      writes.push(storePhoto(deps.storage, id, key, photo));
      imageRows.push({ vehicleId: id, position, key, width: photo.width, height: photo.height });
    });
  }
  await Promise.all(writes);
  await deps.db.transaction(async (tx) => {
    await tx.insert(vehicles).values(vehicleRows);
    await tx.insert(vehicleImages).values(imageRows);
  });
  return vehicleRows.length;
}
