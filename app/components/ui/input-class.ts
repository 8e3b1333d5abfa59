/** The look of text inputs, selects and textareas (own module: the shop footer needs only this). */
export const inputClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-xs placeholder:text-gray-400 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600";

/** File choosers: a bordered box like the text inputs, with the panel's dark button for "Choose file". */
export const fileInputClass =
  "block w-full rounded-md border border-gray-300 bg-white text-sm text-gray-700 shadow-xs file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:bg-gray-900 file:px-3 file:font-medium file:text-white hover:file:bg-gray-700 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60";
