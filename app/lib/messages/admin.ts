// What the owner reads in the admin panel about products, images and banners (forms, toasts and /api alike).

export const PRODUCT_ADDED = "Product added successfully";
export const PRODUCT_UPDATED = "Product updated successfully";
export const PRODUCT_DELETED = "Product deleted successfully";
export const IMAGE_REQUIRED = "Image required";
export const IMAGE_REQUIRED_DETAIL = "Please upload a product image before adding the product.";
export const BANNER_ADDED = "Banner image added successfully";
export const BANNER_DELETED = "Banner image deleted successfully";
export const BANNER_FAILED = "Failed to add banner image";
export const INVALID_FILE_TYPE = "Invalid file type";
export const FILE_TOO_LARGE = "File too large";
export const PHOTOS_TOO_LARGE = "Too large: send at most 25 MB of photos at once, each under 5 MB";
export const PHOTOS_ADDED = (n: number) => (n === 1 ? "Photo added" : `${n} photos added`);
export const PHOTO_SAVED = "Photo saved";
/** The photo page's one Save (issue 48): how many photos it changed. */
export const PHOTOS_SAVED = (n: number) => (n === 0 ? "No changes to save" : n === 1 ? "Photo saved" : `${n} photos saved`);
export const PHOTO_CHANGES_SAVED = "Your changes to the photos were saved too.";
export const PHOTO_MOVED = "Photo moved";
export const PHOTOS_REORDERED = "Photos reordered";
export const PHOTO_DELETED = "Photo deleted";
export const NO_PHOTOS_CHOSEN = "Please choose one or more photos";
