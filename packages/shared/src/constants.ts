export const PRODUCT_NAME = 'Apex Motors';
export const PRODUCT_TAGLINE = 'Your journey begins here';

export const ROLES = {
  ADMIN: 'ADMIN',
  USER: 'USER',
  SERVICE_ADVISOR: 'SERVICE_ADVISOR',
  TECHNICIAN: 'TECHNICIAN',
  SALES: 'SALES',
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
/** Roles that work in /admin; ADMIN may do everything the others may. USER is a customer. */
export const STAFF_ROLES = [ROLES.ADMIN, ROLES.SERVICE_ADVISOR, ROLES.TECHNICIAN, ROLES.SALES] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: Role): role is StaffRole => role !== ROLES.USER;

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const VEHICLE_STATUSES = ['active', 'available', 'reserved', 'pending', 'sold', 'draft'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
/** Statuses a visitor may see in lists and search. */
export const PUBLIC_VEHICLE_STATUSES = ['available', 'active', 'reserved'] as const satisfies readonly VehicleStatus[];
/** Statuses a visitor may open by link (a sold listing stays reachable with a Sold badge). */
export const LINKABLE_VEHICLE_STATUSES = [...PUBLIC_VEHICLE_STATUSES, 'sold'] as const satisfies readonly VehicleStatus[];
export const ADMIN_VEHICLE_STATUS_FILTERS = ['available', 'reserved', 'sold', 'pending'] as const satisfies readonly VehicleStatus[];

export const TRANSMISSIONS = ['Automatic', 'Manual', 'CVT'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];
export const FUEL_TYPES = ['Petrol', 'Diesel', 'Hybrid', 'Electric', 'CNG'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];
export const CONDITIONS = ['New', 'Like New', 'Excellent', 'Good', 'Fair', 'Salvage'] as const;
export type Condition = (typeof CONDITIONS)[number];
/** A listing's body style, as buyers search for it. */
export const BODY_TYPES = ['Sedan', 'SUV', 'Pickup', 'Hatchback', 'Coupe', 'Convertible', 'Wagon', 'Van'] as const;
export type BodyType = (typeof BODY_TYPES)[number];
/** Which wheels drive: front, rear, all (on demand, permanent) or four (selectable, with low range). */
export const DRIVETRAINS = ['FWD', 'RWD', 'AWD', '4WD'] as const;
export type Drivetrain = (typeof DRIVETRAINS)[number];

export const VEHICLE_SORTS = ['createdAt:desc', 'createdAt:asc', 'price:asc', 'price:desc'] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];
export const VEHICLE_SORT_LABELS: Record<VehicleSort, string> = {
  'createdAt:desc': 'Newest First',
  'createdAt:asc': 'Oldest First',
  'price:asc': 'Price: Low to High',
  'price:desc': 'Price: High to Low',
};
export const DEFAULT_VEHICLE_SORT: VehicleSort = 'createdAt:desc';

export const MAINTENANCE_STATUSES = ['Pending', 'Scheduled', 'Completed', 'Cancelled'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
/** Bookings that hold a place in a slot. */
export const SLOT_HOLDING_STATUSES = ['Pending', 'Scheduled'] as const satisfies readonly MaintenanceStatus[];
export const CANCELLABLE_STATUSES = ['Pending', 'Scheduled'] as const satisfies readonly MaintenanceStatus[];
/** Appointments that can still move to another slot (the ones that have taken place or were called off cannot). */
export const RESCHEDULABLE_STATUSES = ['Pending', 'Scheduled'] as const satisfies readonly MaintenanceStatus[];
export const MAINTENANCE_STATUS_TOASTS: Record<MaintenanceStatus, string> = {
  Pending: 'Appointment is now pending',
  Scheduled: 'Appointment is now scheduled',
  Completed: 'Appointment marked as completed',
  Cancelled: 'Appointment has been cancelled',
};

export const PAGE_SIZES = {
  vehicles: 12,
  featuredVehicles: 3,
  adminVehicles: 12,
  adminMaintenance: 10,
  users: 10,
  maintenanceHistory: 50,
} as const;
export const MAX_PAGE_SIZE = 100;

export const LIMITS = {
  passwordMin: 8,
  usernameMax: 30,
  bookingNameMin: 2,
  bookingPhoneMin: 10,
  descriptionMin: 10,
  descriptionHint: 20,
  vehicleYearMin: 1900,
  bookingYearChoices: 30,
  photoMaxBytes: 10 * 1024 * 1024,
  photosPerListing: 20,
  avatarMaxBytes: 5 * 1024 * 1024,
  recommendedPhotos: 5,
} as const;

export const VEHICLE_FILTER_DEFAULTS = { minPrice: 0, maxPrice: 100000, minYear: 2000 } as const;

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const PHOTO_ACCEPT = '.png,.jpeg,.jpg,image/png,image/jpeg';

export const DASHBOARD_FALLBACKS = {
  totalVehicles: 124,
  maintenanceRequests: 45,
  activeUsers: 2453,
  pendingApprovals: 12,
} as const;
export const DASHBOARD_GROWTH_FALLBACKS = {
  totalVehicles: '+12%',
  maintenanceRequests: '+5%',
  activeUsers: '+18%',
  pendingApprovals: '+5%',
} as const;

export const TOAST = { limit: 1, durationMs: 5000, removeDelayMs: 1_000_000, swipeThreshold: 50 } as const;
export const HEADER_SCROLL_THRESHOLD = 10;
export const MOBILE_BREAKPOINT = 768;
