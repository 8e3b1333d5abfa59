import { describe, expect, it } from "vitest";
import { largestPhotoUrl, photoColorAmong, photosForColor, smallestPhotoUrl, thumbnailUrl, type Photo } from "./photos";

const photo = (id: string, position: number, color: string | null): Photo => ({
  id,
  position,
  alt: id,
  color,
  src: `/uploads/${id}-960.jpg`,
  base: `/uploads/${id}`,
  widths: [320, 640, 960],
  width: 960,
  height: 1200,
});

describe("the photo a listing filtered by colour shows", () => {
  const photos = [photo("front", 0, null), photo("navy", 1, "Navy"), photo("sky", 2, "Sky blue")];

  it("is the first filter colour one of the photos shows, in any case", () => {
    expect(photoColorAmong(photos, ["red", "sky blue", "navy"])).toBe("sky blue");
    expect(photosForColor(photos, photoColorAmong(photos, ["red", "sky blue"]))[0]!.id).toBe("sky");
  });

  it("is the cover when no photo shows a chosen colour, or none is chosen", () => {
    expect(photoColorAmong(photos, ["red"])).toBeNull();
    expect(photoColorAmong(photos, [])).toBeNull();
    expect(photosForColor(photos, photoColorAmong(photos, ["red"]))[0]!.id).toBe("front");
  });
});

describe("a cart or order line's thumbnail", () => {
  it("is the 320 px size of an uploaded photo's address", () => {
    expect(thumbnailUrl("/uploads/0123abcd-960.jpg")).toBe("/uploads/0123abcd-320.jpg");
    expect(thumbnailUrl("/uploads/0123abcd-640.jpg")).toBe("/uploads/0123abcd-320.jpg");
    expect(thumbnailUrl("/demo/photos/nike-air-max-90-1-960.jpg")).toBe("/demo/photos/nike-air-max-90-1-320.jpg");
  });

  it("leaves a photo no wider than 320, the demo's art and older uploads as they are", () => {
    expect(thumbnailUrl("/uploads/0123abcd-300.jpg")).toBe("/uploads/0123abcd-300.jpg");
    expect(thumbnailUrl("/demo/products/tee.svg")).toBe("/demo/products/tee.svg");
    expect(thumbnailUrl("/uploads/0123abcd0123abcd0123abcd0123abcd.webp")).toBe("/uploads/0123abcd0123abcd0123abcd0123abcd.webp");
    expect(thumbnailUrl("https://cdn.example.com/uploads/0123abcd-960.jpg")).toBe("https://cdn.example.com/uploads/0123abcd-960.jpg");
  });
});

describe("a photo's smallest and largest sizes", () => {
  it("are its first and last widths, or its one address for a photo from before sizes", () => {
    const sized = photo("a1", 0, null);
    expect(smallestPhotoUrl(sized)).toBe("/uploads/a1-320.jpg");
    expect(largestPhotoUrl(sized, "avif")).toBe("/uploads/a1-960.avif");
    const old = { ...sized, base: null, widths: [], src: "/demo/products/tee.svg" };
    expect([smallestPhotoUrl(old), largestPhotoUrl(old)]).toEqual(["/demo/products/tee.svg", "/demo/products/tee.svg"]);
  });
});
