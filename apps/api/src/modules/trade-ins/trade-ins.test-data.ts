/** A trade-in form's fields as a customer fills them in, for the module's tests. */
export const tradeInCar = {
  registration: 'ab-12 cde',
  make: 'Ford',
  model: 'Focus',
  year: '2018',
  mileage: '45,000',
  accidentHistory: 'none',
  serviceHistory: 'full',
  keys: 'two',
  warningLights: 'no',
  tyres: 'good',
  bodywork: 'fair',
};
