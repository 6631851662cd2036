/** Every URL of the app, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  // The token travels in the fragment, which browsers never send to the server (no token in logs).
  forgotPassword: '/forgot-password',
  resetPassword: (token?: string) => (token ? `/reset-password#${token}` : '/reset-password'),
  account: '/account',
  profile: '/account/profile',
  purchases: '/account/purchases',
  myVehicles: '/account/vehicles',
  createVehicle: '/account/vehicles/create',
  editVehicle: (id = ':id') => `/account/vehicles/${id}/edit`,
  maintenance: '/maintenance',
  bookMaintenance: (service?: string) =>
    service ? `/account/maintenance/create?service=${encodeURIComponent(service)}` : '/account/maintenance/create',
  maintenanceHistory: '/account/maintenance/history',
  /** The booking wizard filled in from a vehicle of My Garage, and the service when one is named. */
  bookForGarageVehicle: (vehicleId: string, service?: string) =>
    `/account/maintenance/create?${service ? `service=${encodeURIComponent(service)}&` : ''}vehicle=${encodeURIComponent(vehicleId)}`,
  myGarage: '/account/garage',
  savedSearches: '/account/saved-searches',
  /** Where a saved-search e-mail's unsubscribe link leads (the token in `?token=`). */
  unsubscribe: '/saved-searches/unsubscribe',
  /** Where a service reminder e-mail's unsubscribe link leads (the token in `?token=`). */
  remindersUnsubscribe: '/reminders/unsubscribe',
  myTestDrives: '/account/test-drives',
  myReservations: '/account/reservations',
  myTradeIns: '/account/trade-ins',
  myInvoices: '/account/invoices',
  myEstimates: '/account/estimates',
  myEstimate: (id = ':id') => `/account/estimates/${id}`,
  /** The e-mailed estimate link: the token travels in the fragment, never sent to the server in the address. */
  estimateLink: (id = ':id', token?: string) => `/estimates/${id}/decide${token ? `#${token}` : ''}`,
  vehicleSales: '/vehicle-sales',
  /** The vehicles saved on this device. */
  saved: '/saved',
  vehicles: '/vehicles',
  vehicle: (id = ':id') => `/vehicles/${id}`,
  vehicleAlias: (id = ':id') => `/vehicle/${id}`,
  services: '/services',
  about: '/about',
  contact: '/contact',
  admin: {
    root: '/admin',
    profile: '/admin/profile',
    vehicles: '/admin/vehicles',
    newVehicle: '/admin/vehicles/new',
    vehicle: (id = ':id') => `/admin/vehicles/${id}`,
    /** `step`: open the edit wizard on that step (3 is the photos). */
    editVehicle: (id = ':id', step?: number) => `/admin/vehicles/${id}/edit${step ? `?step=${step}` : ''}`,
    maintenance: '/admin/maintenance',
    /** The requests booked on one day (YYYY-MM-DD). */
    maintenanceOn: (date: string) => `/admin/maintenance?dateFrom=${date}&dateTo=${date}`,
    maintenanceRequest: (id = ':id') => `/admin/maintenance/${id}`,
    bookForCustomer: '/admin/maintenance/new',
    closureDays: '/admin/closure-days',
    workshopSettings: '/admin/workshop/settings',
    testDrives: '/admin/test-drives',
    testDriveSettings: '/admin/test-drives/settings',
    reservations: '/admin/reservations',
    tradeIns: '/admin/trade-ins',
    tradeIn: (id = ':id') => `/admin/trade-ins/${id}`,
    invoices: '/admin/invoices',
    invoice: (id = ':id') => `/admin/invoices/${id}`,
    /** The job board; `?view=week`, `?date=YYYY-MM-DD`, `?technicianId=` as the filters set them. */
    workshop: '/admin/workshop',
    checkIn: (id = ':id') => `/admin/workshop/jobs/${id}/check-in`,
    inspection: (id = ':id') => `/admin/workshop/jobs/${id}/inspection`,
    /** A job's estimate: the advisor writes and sends it (technicians read it). */
    estimate: (id = ':id') => `/admin/workshop/jobs/${id}/estimate`,
    myJobs: '/admin/my-jobs',
    emails: '/admin/emails',
    leads: '/admin/leads',
    lead: (id = ':id') => `/admin/leads/${id}`,
    auditLog: '/admin/audit',
    /** The owner's sales figures; `?from=&to=` (YYYY-MM-DD) as the range form sets them. */
    reports: '/admin/reports',
    /** The workshop's figures (ADMIN): `?from=&to=&period=week|month`. */
    workshopReport: '/admin/reports/workshop',
    users: '/admin/users',
    user: (id = ':id') => `/admin/users/${id}`,
  },
} as const;

/**
 * The admin area: its own layout, no site header or footer. The router matches paths case-insensitively
 * (as the server does), so '/ADMIN/users' is the admin area too.
 */
export const isAdminPath = (pathname: string) => {
  const path = pathname.toLowerCase();
  return path === paths.admin.root || path.startsWith(`${paths.admin.root}/`);
};

export const CONTACT = {
  address: '1200 Motor Avenue, Springfield, IL 62701',
  phone: '+1 (555) 010-2000',
  phoneHref: 'tel:+15550102000',
  email: 'hello@apexmotors.example',
  whatsapp: 'https://wa.me/15550102000',
  emergencyPhone: '+1 (555) 911-2020',
  emergencyPhoneHref: 'tel:+15559112020',
  hours: 'Monday to Saturday, 8:00 AM to 8:00 PM',
} as const;
