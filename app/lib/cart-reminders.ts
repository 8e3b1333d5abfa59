// The dashboard's cart reminder figures of a period (issue 51; server/cart/reminders.server.ts).
/** Reminders sent in the period, and how many of them a paid order of the same shopper followed. */
export type ReminderPeriod = { label: string; days: number; sent: number; followed: number };
