import * as z from "zod/mini";
import "./fields"; // zod's English messages for what this schema leaves to zod (a body that is not an object)

/** A banner by URL: non-blank after trimming, http or https only (SPEC: 'Please enter an image URL'). */
export const BannerUrlSchema = z.object({
  image: z.string({ error: "Please enter an image URL" }).check(
    z.trim(),
    z.minLength(1, "Please enter an image URL"),
    z.maxLength(2000, "The image URL is too long"),
    z.refine((v) => {
      if (v.startsWith("/uploads/")) return /^\/uploads\/[0-9a-f]{32}(\.webp|-[0-9]{1,4}\.(avif|webp|jpg))$/.test(v);
      try {
        const url = new URL(v);
        return url.protocol === "http:" || url.protocol === "https:";
      } catch {
        return false;
      }
    }, "Please enter an image URL"),
  ),
});
