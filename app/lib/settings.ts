import * as z from "zod/mini";

// The owner's shop settings (DESIGN, Settings): one schema for the settings page's form and for
// PUT /api/admin/settings. Issue 41 adds the shop's name, country, tax and shipping here.

/** Every setting. A new shop starts with the specification's behaviour (settings.server.ts). */
export const SettingsSchema = z.object({
  /** "Visitors can browse without an account": off keeps SPEC's sign-in wall. */
  publicCatalogue: z.boolean({ error: "publicCatalogue must be true or false" }),
});
export type ShopSettings = z.infer<typeof SettingsSchema>;

/** A change from the settings page or /api: any of the settings, each checked; nothing unknown. */
export const SettingsChangeSchema = z.strictObject(z.partial(SettingsSchema).shape);
export type SettingsChange = z.infer<typeof SettingsChangeSchema>;

export const SETTINGS_SAVED = "Settings saved";
