/** The look of text inputs, selects and textareas (own module: the shop footer needs only this). */
export const inputClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-xs placeholder:text-gray-400 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600";
