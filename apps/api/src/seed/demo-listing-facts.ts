import { vinCheckDigit, type BodyType, type Drivetrain } from '@dealer/shared';

/** What the demo cars really are: body type, drivetrain and trim as their makers sell them, by listing title. */
export const DEMO_FACTS: Record<string, { bodyType: BodyType; drivetrain: Drivetrain; trim: string }> = {
  '2021 Toyota Camry SE': { bodyType: 'Sedan', drivetrain: 'FWD', trim: 'SE' },
  '2020 Honda Civic EX': { bodyType: 'Sedan', drivetrain: 'FWD', trim: 'EX' },
  '2022 Tesla Model 3 Long Range': { bodyType: 'Sedan', drivetrain: 'AWD', trim: 'Long Range' },
  '2019 Ford F-150 XLT SuperCrew': { bodyType: 'Pickup', drivetrain: '4WD', trim: 'XLT' },
  '2023 Toyota RAV4 Hybrid XLE': { bodyType: 'SUV', drivetrain: 'AWD', trim: 'XLE' },
  '2018 BMW 330i Sport': { bodyType: 'Sedan', drivetrain: 'RWD', trim: 'Sport Line' },
  '2021 Chevrolet Silverado 1500 LT': { bodyType: 'Pickup', drivetrain: '4WD', trim: 'LT' },
  '2017 Subaru Outback 2.5i Premium': { bodyType: 'Wagon', drivetrain: 'AWD', trim: '2.5i Premium' },
  '2022 Hyundai Ioniq 5 SEL': { bodyType: 'Hatchback', drivetrain: 'RWD', trim: 'SEL' },
  '2016 Jeep Wrangler Unlimited Sahara': { bodyType: 'SUV', drivetrain: '4WD', trim: 'Sahara' },
  '2020 Mazda MX-5 Miata Club': { bodyType: 'Convertible', drivetrain: 'RWD', trim: 'Club' },
  '2019 Nissan Leaf SV': { bodyType: 'Hatchback', drivetrain: 'FWD', trim: 'SV' },
  '2021 Volkswagen Golf GTI': { bodyType: 'Hatchback', drivetrain: 'FWD', trim: 'GTI S' },
  '2018 Audi Q5 Premium Plus': { bodyType: 'SUV', drivetrain: 'AWD', trim: 'Premium Plus' },
  '2022 Kia Telluride EX': { bodyType: 'SUV', drivetrain: 'AWD', trim: 'EX' },
  '2015 Toyota Prius Two': { bodyType: 'Hatchback', drivetrain: 'FWD', trim: 'Two' },
  '2020 Ford Mustang GT Premium': { bodyType: 'Coupe', drivetrain: 'RWD', trim: 'GT Premium' },
  '2019 Honda CR-V EX-L': { bodyType: 'SUV', drivetrain: 'AWD', trim: 'EX-L' },
  '2021 Ram 2500 Tradesman Cummins': { bodyType: 'Pickup', drivetrain: '4WD', trim: 'Tradesman' },
  '2017 Honda Civic Natural Gas Conversion': { bodyType: 'Sedan', drivetrain: 'FWD', trim: 'LX' },
  '2023 Chevrolet Bolt EUV LT': { bodyType: 'SUV', drivetrain: 'FWD', trim: 'LT' },
  '2018 Mercedes-Benz C300 Sedan': { bodyType: 'Sedan', drivetrain: 'RWD', trim: 'C 300' },
  '2016 Lexus RX 350 F Sport': { bodyType: 'SUV', drivetrain: 'AWD', trim: 'F Sport' },
  '2022 Toyota Tacoma TRD Off-Road': { bodyType: 'Pickup', drivetrain: '4WD', trim: 'TRD Off-Road' },
  '2014 Volvo XC60 T5': { bodyType: 'SUV', drivetrain: 'FWD', trim: 'T5' },
  '2020 Porsche Macan S': { bodyType: 'SUV', drivetrain: 'AWD', trim: 'S' },
  '2020 Honda Odyssey EX-L': { bodyType: 'Van', drivetrain: 'FWD', trim: 'EX-L' },
  '2019 Subaru Forester Touring': { bodyType: 'SUV', drivetrain: 'AWD', trim: 'Touring' },
  '2017 Ford Escape Titanium': { bodyType: 'SUV', drivetrain: 'AWD', trim: 'Titanium' },
  '2018 Tesla Model S 75D': { bodyType: 'Hatchback', drivetrain: 'AWD', trim: '75D' },
  '2015 Honda Accord Sport': { bodyType: 'Sedan', drivetrain: 'FWD', trim: 'Sport' },
  '2012 Toyota Corolla LE': { bodyType: 'Sedan', drivetrain: 'FWD', trim: 'LE' },
  '2021 Kia Niro EV EX Premium': { bodyType: 'SUV', drivetrain: 'FWD', trim: 'EX Premium' },
  '2010 Mini Cooper S': { bodyType: 'Hatchback', drivetrain: 'FWD', trim: 'S' },
};

/** The maker's code (the VIN's first three characters) of each demo make. */
const MAKER_CODES: Record<string, string> = {
  Toyota: '4T1', Honda: '1HG', Tesla: '5YJ', Ford: '1FT', BMW: 'WBA', Chevrolet: '1GC', Subaru: '4S4', Hyundai: 'KM8',
  Jeep: '1C4', Mazda: 'JM1', Nissan: '1N4', Volkswagen: '3VW', Audi: 'WA1', Kia: '5XY', Ram: '3C6',
  'Mercedes-Benz': '55S', Lexus: '2T2', Volvo: 'YV4', Porsche: 'WP1', Mini: 'WMW',
};
/** Model years as the VIN's 10th character writes them (2010 is A; I, O, Q, U, Z and 0 are never used). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY';

/**
 * A made-up VIN of the right form for a demo car: its maker's code, a model-line code, its model year and a
 * serial number, with the check digit worked out, so it passes every check a real one does.
 */
export function demoVin(make: string, year: number, serial: number): string {
  const maker = MAKER_CODES[make] ?? '1XX';
  const yearCode = YEAR_CODES[(year - 2010 + YEAR_CODES.length) % YEAR_CODES.length]!;
  const draft = `${maker}DM${String(serial % 1000).padStart(3, '0')}0${yearCode}A${String(100_000 + serial).slice(-6)}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}
