// What people read about their account: signing in and up, and saved addresses (forms, toasts and /api alike).
import { MAX_ADDRESSES } from "~/lib/constants";

export const EMAIL_TAKEN = "An account with this email already exists. Please sign in instead.";
export const NAME_TAKEN = "This user name is already taken. Please choose another.";
export const INVALID_LOGIN = "Incorrect email or password. Please try again.";
export const REGISTERED = "Registration successful. Please sign in.";
export const LOGGED_IN = "Logged in successfully";
/** The sign-in page, to a visitor who followed a link into a shop closed to visitors (issue 48). */
export const MEMBERS_ONLY = "This shop is open to members only. Sign in, or register, to see the page you were sent.";
export const LOGGED_OUT = "Logged out successfully";
export const otherDevicesSignedOut = (count: number) =>
  count === 0 ? "No other device was signed in" : `Signed out of ${count} other device${count === 1 ? "" : "s"}`;
export const ADDRESS_ADDED = "Address added successfully";
export const ADDRESS_UPDATED = "Address updated successfully";
export const ADDRESS_DELETED = "Address deleted successfully";
export const MAX_ADDRESSES_MESSAGE = `You can add max ${MAX_ADDRESSES} addresses`;
export const ADDRESS_NOT_FOUND = "Address not found";
export const RESET_SENT = "If an account exists for that address, we have sent a link to set a new password. It works for 60 minutes.";
export const RESET_LINK_INVALID = "This link has expired or was already used. Please ask for a new one.";
export const PASSWORD_RESET = "Your password is changed. Sign in with the new one.";
export const USER_NAME_CHANGED = "Your user name is changed";
export const PASSWORD_CHANGED = "Your password is changed";
export const WRONG_PASSWORD = "This is not your current password";
export const SAME_EMAIL = "This is already your e-mail address";
export const EMAIL_CHANGE_SENT = (email: string) =>
  `We have sent a link to ${email}. Your e-mail address changes when you open it (within 24 hours).`;
export const EMAIL_CHANGED = "Your e-mail address is changed";
export const EMAIL_CHANGE_CANCELLED = "The e-mail change is cancelled: the link we sent no longer works.";
export const NO_EMAIL_CHANGE = "There is no e-mail change waiting to be cancelled.";
export const EMAIL_LINK_INVALID = "This link has expired or was already used. Please ask for the change again in your account settings.";
export const ACCOUNT_CLOSED = "Your account is closed. Thank you for shopping with us.";
export const CLOSE_WITH_OPEN_ORDERS =
  "You have orders on their way or waiting for a refund. Please close the account once they are delivered or settled.";
/** What a closed account's reviews and orders say instead of its name. */
export const FORMER_CUSTOMER = "Former customer";
