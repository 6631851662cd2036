/** Query keys of the sales desk (test drives, holds). Everything sits under ['sales-desk'], so a change refreshes every list. */
export const salesDeskKeys = {
  all: ['sales-desk'] as const,
  hold: (vehicleId: string) => ['sales-desk', 'hold', vehicleId] as const,
  myReservations: () => ['sales-desk', 'reservations', 'mine'] as const,
  adminReservations: (status: string) => ['sales-desk', 'reservations', 'admin', status] as const,
  settings: () => ['sales-desk', 'test-drives', 'settings'] as const,
  availability: (vehicleId: string, date: string) => ['sales-desk', 'test-drives', 'availability', vehicleId, date] as const,
  myTestDrives: () => ['sales-desk', 'test-drives', 'mine'] as const,
  adminTestDrives: () => ['sales-desk', 'test-drives', 'admin'] as const,
};
