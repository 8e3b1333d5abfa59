import { useState } from "react";
import { MAX_IMAGE_BYTES } from "~/lib/constants";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "~/components/ui/button";
import { fileInputClass } from "~/components/ui/input-class";

/**
 * Product image: without JavaScript the file travels with the product form (multipart). With
 * JavaScript choosing a file uploads it at once (loading state, preview, Remove), as SPEC says;
 * the server checks the content either way.
 */
export function ImageUpload({
  name,
  fileName,
  initialUrl,
  errors,
}: {
  name: string;
  fileName: string;
  initialUrl?: string;
  errors?: string[];
}) {
  const hydrated = useHydrated();
  const [url, setUrl] = useState(initialUrl ?? "");
  const [state, setState] = useState<"idle" | "uploading">("idle");
  const [message, setMessage] = useState<string | null>(null);

  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setMessage(null);
    if (!file.type.startsWith("image/")) {
      setMessage("Invalid file type: Please select an image file (JPEG, PNG, etc.)");
      input.value = "";
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setMessage("File too large: Image size should be less than 5MB");
      input.value = "";
      return;
    }
    setState("uploading");
    try {
      const body = new FormData();
      body.set("my_file", file);
      const response = await fetch("/api/admin/products/upload-image", { method: "POST", body });
      const result = (await response.json()) as { success: boolean; message?: string; result?: { url: string } };
      if (result.success && result.result) {
        // The /api answers an absolute URL (for clients elsewhere); the form keeps the path.
        setUrl(new URL(result.result.url, window.location.href).pathname);
        input.value = ""; // uploaded already: do not send the file again with the form
      } else {
        setMessage(result.message ?? "Upload failed. Please try again.");
      }
    } catch {
      setMessage("Upload failed. Please try again.");
    } finally {
      setState("idle");
    }
  };

  const errorId = `${fileName}-error`;
  return (
    <div className="space-y-2">
      <label htmlFor={fileName} className="block text-sm font-medium text-gray-800">
        Upload Image
      </label>
      <input type="hidden" name={name} value={url} />
      {url ? (
        <div className="flex items-center gap-3 rounded-md border border-gray-200 p-2">
          <img src={url} alt="Product preview" width={64} height={64} className="h-16 w-16 rounded object-cover" />
          <span className="flex-1 truncate text-sm text-gray-700">Image ready</span>
          {hydrated ? (
            <Button variant="ghost" size="sm" onClick={() => setUrl("")}>
              Remove
            </Button>
          ) : null}
        </div>
      ) : null}
      <input
        id={fileName}
        name={fileName}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        aria-describedby={errors?.length || message ? errorId : undefined}
        disabled={state === "uploading"}
        onChange={hydrated ? (e) => void upload(e.currentTarget) : undefined}
        className={fileInputClass}
      />
      <p className="text-xs text-gray-600">JPEG, PNG, WebP, up to 5MB.{url ? " Choose a file to replace the image." : ""}</p>
      {state === "uploading" ? (
        <p role="status" className="text-sm">
          Uploading…
        </p>
      ) : null}
      {message || errors?.length ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {message ?? errors?.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
