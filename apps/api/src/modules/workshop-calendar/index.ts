// The workshop calendar's public entry: closure days, opening hours, capacity and the workshop's time.
export { addDays, datesOfMonth, dayOfWeek, dealershipDateTime, isSunday, workshopMoment, workshopTimeToInstant, type WorkshopMoment } from './workshop-time';
export { calendarRule, slotAvailability, type CalendarRule } from './opening-hours';
export { createWorkshopCalendar, type WorkshopCalendar } from './workshop-calendar';
export { findClosure, listClosures } from './closures.repository';
export { assertDayOpen, holdDayIfOpen, createClosuresService, type ClosuresService, type ClosuresServiceDeps } from './closures.service';
export { closuresRoutes } from './closures.routes';
export { addOpeningHours, openingMinutesBetween, OPENING_HOURS, OPEN_HOURS_A_DAY } from './business-hours';
