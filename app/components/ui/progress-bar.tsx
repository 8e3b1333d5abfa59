import { useNavigation } from "react-router";

/** A slim bar at the top of the page while a client-side navigation or form submission is pending. */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-hidden={!busy}
      aria-label="Loading page"
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity duration-200 ${busy ? "opacity-100" : "opacity-0"}`}
    >
      <div className={`h-full w-1/3 bg-blue-600 ${busy ? "animate-[progress_1s_ease-in-out_infinite]" : ""}`} />
    </div>
  );
}
