import type {
  Condition,
  FuelType,
  MaintenanceStatus,
  Role,
  Transmission,
  UserStatus,
  VehicleStatus,
} from './constants';

export interface PageMeta {
  page: number;
  limit: number;
  itemCount: number;
  pageCount: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

export interface SuccessBody<T> {
  status: 'SUCCESS';
  data: T;
  meta?: PageMeta;
  tokens?: { accessToken: string };
}

export interface ErrorBody {
  status: 'ERROR';
  statusCode: number;
  message: string;
  errors?: Record<string, string>;
}

export interface ImageSize {
  width: number;
  url: string;
}

export interface VehicleImage {
  key: string;
  url: string;
  /** Resized WebP versions, smallest first, for srcset. */
  sizes: ImageSize[];
  width?: number;
  height?: number;
}

export interface PublicUser {
  _id: string;
  username: string;
  name: string;
  email: string;
  phone: string;
  address: string | null;
  avatar: string | null;
  role: Role;
  status: UserStatus;
  createdAt: string;
  updatedAt: string;
}

export interface VehicleOwner {
  /** The seller's account id: only for the seller themself and admins, never on public responses. */
  _id?: string;
  name: string;
  avatar: string | null;
  /** Public responses: the account's phone only when the listing has no contact phone of its own. */
  phone: string | null;
  /** Public responses: the account's e-mail only when the listing has no contact e-mail of its own. */
  email: string | null;
  createdAt: string;
}

export interface Vehicle {
  _id: string;
  title: string;
  make: string;
  model: string;
  year: number;
  price: number;
  mileage: number | null;
  transmission: Transmission | null;
  fuelType: FuelType | null;
  condition: Condition | null;
  exteriorColor: string | null;
  interiorColor: string | null;
  description: string | null;
  images: VehicleImage[];
  location: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  status: VehicleStatus;
  /**
   * Why the dealership returned the listing to its seller (rejected or sent back for changes); only on
   * responses to the seller and to admins. Cleared once the listing is approved.
   */
  reviewNote?: string | null;
  createdAt: string;
  updatedAt: string;
  owner: VehicleOwner | null;
}

/** `GET api/vehicles/purchases`: a listing the dealership recorded as sold to the caller. */
export interface VehiclePurchase {
  vehicle: Vehicle;
  /** When it was marked sold (ISO). */
  purchasedAt: string;
  price: number;
}

export interface MaintenanceAppointment {
  _id: string;
  maintenanceType: string;
  specificService: string;
  appointmentDate: string;
  appointmentTime: string;
  vehicle: { make: string; model: string; year: string; registration: string };
  customer: { name: string; email: string; phone: string };
  additionalNotes: string | null;
  cost: number | null;
  technician: string | null;
  /** Shown to the customer on their history card. */
  notes: string | null;
  /** Staff-only remarks: present on admin responses only, never sent to the customer. */
  staffNotes?: string | null;
  /** Admin responses only: the staff member who booked it for a walk-in or phone customer (null: the customer did). */
  bookedById?: string | null;
  status: MaintenanceStatus;
  userId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET api/maintenance/allowance: how many open future bookings the caller holds and may hold (null: no cap, staff). */
export interface BookingAllowance {
  openBookings: number;
  maxOpenBookings: number | null;
}

/** GET api/maintenance/settings */
export interface MaintenanceSettings {
  emergencyPhone: string;
  workshopTimeZone: string;
  slotCapacity: number;
  /** Today's date ('YYYY-MM-DD') in the workshop's time zone. */
  today: string;
  /** The last date ('YYYY-MM-DD') that can be booked: today plus the booking horizon. */
  lastBookableDate: string;
  /** How many open future bookings (Pending or Scheduled) one customer may hold. */
  maxOpenBookings: number;
}

/** meta of GET api/maintenance/admin/all: page meta plus counts per status under the same date and search filters. */
export interface MaintenanceListMeta extends PageMeta {
  statusCounts: Record<MaintenanceStatus, number> & { all: number };
}

/** GET api/maintenance/admin/overview */
export interface MaintenanceOverview {
  total: number;
  byStatus: Record<MaintenanceStatus, number>;
}

/** Why a slot cannot be booked: its hour of today has begun, every place is taken, or the workshop is closed that day. */
export const SLOT_CLOSED_REASONS = ['past', 'full', 'closed'] as const;
export type SlotClosedReason = (typeof SLOT_CLOSED_REASONS)[number];

export interface SlotAvailability {
  time: string;
  available: boolean;
  /** Set on a slot that is not available. */
  reason?: SlotClosedReason;
}

export interface Availability {
  date: string;
  availability: SlotAvailability[];
}

export interface MonthAvailability {
  month: string;
  /** Dates of the month on which no slot can be booked (full, Sunday or past). */
  unavailableDates: string[];
  /** Dates on which every slot is full: shown in red as 'Unavailable'. */
  fullDates: string[];
}

export interface AdminOverview {
  totalVehicles: number;
  maintenanceRequests: number;
  activeUsers: number;
  pendingApprovals: number;
  growth: {
    totalVehicles: string | null;
    maintenanceRequests: string | null;
    activeUsers: string | null;
    pendingApprovals: string | null;
  };
  recentAppointments: MaintenanceAppointment[];
  recentVehicles: Vehicle[];
  recentUsers: Pick<PublicUser, '_id' | 'name' | 'email' | 'avatar' | 'createdAt'>[];
}

/** A user as the admin screens see it (GET api/users, GET api/users/:id). */
export interface AdminUser extends PublicUser {
  lastLoginAt: string | null;
  /** The reason stored with the last status change (required for a suspension); null when none. */
  statusReason: string | null;
  maintenanceCount: number;
}

export interface AdminSearchAppointment {
  _id: string;
  specificService: string;
  customerName: string;
  appointmentDate: string;
  status: MaintenanceStatus;
}

/** GET api/admin/search?q= : up to 5 of each kind, newest first. */
export interface AdminSearchResults {
  vehicles: Pick<Vehicle, '_id' | 'title' | 'make' | 'model' | 'year' | 'status'>[];
  appointments: AdminSearchAppointment[];
  users: Pick<PublicUser, '_id' | 'name' | 'email' | 'status'>[];
}

export interface SignInEvent {
  _id: string;
  success: boolean;
  /** Why a failed attempt failed (e.g. wrong password, suspended); null on success. */
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

export interface ActiveSession {
  _id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  expiresAt: string;
}

/** GET api/users/:id/security */
export interface UserSecurity {
  /** The last 20 sign-in attempts, newest first. */
  signIns: SignInEvent[];
  /** Refresh tokens still usable (not revoked, not rotated, not expired), newest first. */
  sessions: ActiveSession[];
}

/** POST api/users/:id/password-reset: a one-time link, valid 24 hours, for the admin to copy. */
export interface PasswordResetLink {
  resetUrl: string;
  expiresAt: string;
}

export interface AuditEntry {
  _id: string;
  actor: { _id: string; name: string } | null;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}
