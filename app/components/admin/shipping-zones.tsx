import { getCollectionProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/field";
import { COUNTRIES, countryName } from "~/lib/countries";
import { REGIONS } from "~/lib/regions";
import { NEW_METHOD, NEW_ZONE, type MethodRow, type ZoneRow } from "~/lib/settings-form";
import { useHydrated } from "~/lib/use-hydrated";
import { FirstErrorMark, Labelled, prefixed, textOf, type SettingsFields, type SettingsFormMeta } from "./settings-parts";

// The shipping zones of the settings page: each a name, where it delivers (ticked countries, or
// everywhere no other zone names) and its methods. "Add zone", "Add method" and the "Remove"
// buttons are conform's list intents: with JavaScript they change the rows at once; without it
// they are submit buttons whose answer is the form again, one row more or less, nothing saved.

/** As many as the settings allow (SettingsSchema). */
const MAX_ZONES = 50;
const MAX_METHODS = 10;

type Zones = SettingsFields["shippingZones"];
type ZoneField = FieldMetadata<ZoneRow>;
type MethodsField = FieldMetadata<MethodRow[] | undefined>;

export function ShippingZones({ form, zones }: { form: SettingsFormMeta; zones: Zones }) {
  const list = zones.getFieldList();
  return (
    <div className="space-y-4">
      {list.length === 0 ? (
        <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-700">No zones: delivery is free, everywhere.</p>
      ) : null}
      <ol className="space-y-4">
        {list.map((zoneField, i) => (
          <li key={zoneField.key}>
            <Zone form={form} zones={zones} zoneField={zoneField} index={i} />
          </li>
        ))}
      </ol>
      <FirstErrorMark name={zones.name} />
      <ErrorList id={zones.errorId} errors={zones.errors} />
      <Button
        {...form.insert.getButtonProps({ name: zones.name, defaultValue: NEW_ZONE })}
        type="submit"
        variant="outline"
        size="sm"
        disabled={list.length >= MAX_ZONES}
      >
        Add zone
      </Button>
    </div>
  );
}

function Zone({ form, zones, zoneField, index }: { form: SettingsFormMeta; zones: Zones; zoneField: ZoneField; index: number }) {
  const zone = zoneField.getFieldset();
  const number = index + 1;
  const name = textOf(zone.name.value);
  const where = getCollectionProps(zone.everywhereElse, { type: "radio", options: ["false", "true"] });
  // Its errors say which zone they are about: the first may be shown alone, far down the page.
  const which = `Zone ${number}${name.trim() ? ` (${name.trim()})` : ""}`;
  return (
    // "Everywhere else" hides the countries (CSS, so also without JavaScript); they are then not saved.
    <fieldset className="group/zone min-w-0 space-y-4 rounded-md border border-gray-300 p-3 sm:p-4" data-testid="shipping-zone">
      <legend className="px-1 text-sm font-semibold text-gray-900">Zone {number}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <Labelled meta={zone.name} label="Zone name" className="min-w-48 flex-1" errorPrefix={`Zone ${number}`}>
          <input {...getInputProps(zone.name, { type: "text" })} placeholder="Europe" className={inputClass} />
        </Labelled>
        <Button {...form.remove.getButtonProps({ name: zones.name, index })} type="submit" variant="ghost" size="sm">
          Remove zone
          <span className="sr-only">
            {" "}
            {number}
            {name ? ` (${name})` : ""}
          </span>
        </Button>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">Delivers to</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {where.map(({ key, ...props }) => (
            <label key={key} className="flex items-center gap-2 text-sm text-gray-900">
              <input
                {...props}
                data-everywhere-else={props.value === "true" ? "" : undefined}
                className="h-4 w-4 shrink-0 accent-gray-900"
              />
              {props.value === "true" ? "Everywhere else (every country no other zone names)" : "The countries ticked below"}
            </label>
          ))}
        </div>
        <FirstErrorMark name={zone.everywhereElse.name} />
        <ErrorList id={zone.everywhereElse.errorId} errors={prefixed(zone.everywhereElse.errors, which)} />
      </fieldset>

      <Countries meta={zone.countries} regions={zone.regions} zoneNumber={number} which={which} />
      <Methods form={form} methods={zone.methods} zoneNumber={number} which={which} />
    </fieldset>
  );
}

/**
 * Every country as a box to tick, in a scrolling list, with the ticked ones named above it. The
 * 249 boxes carry only their name and value (the labels wrap them; styles sit on the list), so a
 * zone adds about 20 KB to the page rather than 70. Above the list, regions (EU, Europe, North
 * America): without JavaScript a ticked region is sent and its countries are added on save; with
 * it, the region's box ticks (or unticks) its countries at once, and a field filters the list by
 * what the owner types (issue 48).
 */
function Countries({
  meta,
  regions,
  zoneNumber,
  which,
}: {
  meta: FieldMetadata<string | string[] | undefined>;
  regions: FieldMetadata<string | string[] | undefined>;
  zoneNumber: number;
  which: string;
}) {
  const hydrated = useHydrated();
  const listed = (value: unknown) =>
    (Array.isArray(value) ? value : typeof value === "string" ? [value] : []).filter((v) => typeof v === "string");
  const initial = new Set(listed(meta.initialValue));
  const initialRegions = new Set(listed(regions.initialValue));
  // The boxes ticked now (with JavaScript, kept as the owner ticks; first as the form has them).
  const [ticked, setTicked] = useState<Set<string>>(() => new Set(listed(meta.value)));
  const [filter, setFilter] = useState("");
  const list = useRef<HTMLDivElement>(null);
  const chosen = hydrated ? COUNTRIES.filter((c) => ticked.has(c.code)).map((c) => c.code) : listed(meta.value);
  const chosenId = `${meta.id}-chosen`;
  const filterId = `${meta.id}-filter`;
  const wanted = filter.trim().toLowerCase();

  /** The boxes of the list as the page has them (conform's own change events follow the clicks). */
  const boxes = () => [...(list.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
  const read = () =>
    setTicked(
      new Set(
        boxes()
          .filter((b) => b.checked)
          .map((b) => b.value),
      ),
    );
  const tickRegion = (countries: readonly string[], on: boolean) => {
    const inRegion = new Set(countries);
    for (const box of boxes()) if (inRegion.has(box.value) && box.checked !== on) box.click();
    read();
  };

  return (
    <fieldset
      className="space-y-2 group-has-[[data-everywhere-else]:checked]/zone:hidden"
      aria-describedby={[chosenId, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ")}
    >
      <legend className="text-sm font-medium text-gray-800">
        Countries<span className="sr-only"> of zone {zoneNumber}</span>
      </legend>
      <p id={chosenId} className="text-sm text-gray-700">
        {chosen.length ? `Ticked: ${chosen.map(countryName).join(", ")}` : "None ticked yet."}
      </p>
      {/* Above the list: the focus a refused Save gives its first box leaves the message in sight. */}
      <FirstErrorMark name={meta.name} />
      <ErrorList id={meta.errorId} errors={prefixed(meta.errors, which)} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-900" data-testid="regions">
        <span className="text-gray-700">{hydrated ? "Tick a region:" : "Add a region's countries on save:"}</span>
        {REGIONS.map((region) => {
          const all = region.countries.every((code) => ticked.has(code));
          return (
            <label key={region.id} className="flex items-center gap-2 py-1">
              {hydrated ? (
                <input
                  type="checkbox"
                  checked={all}
                  onChange={(event) => tickRegion(region.countries, event.currentTarget.checked)}
                  className="h-4 w-4 shrink-0 accent-gray-900"
                />
              ) : (
                <input
                  type="checkbox"
                  name={regions.name}
                  value={region.id}
                  defaultChecked={initialRegions.has(region.id)}
                  className="h-4 w-4 shrink-0 accent-gray-900"
                />
              )}
              {region.name} ({region.countries.length})<span className="sr-only"> for zone {zoneNumber}</span>
            </label>
          );
        })}
      </div>
      {hydrated ? (
        <div className="space-y-1">
          <label htmlFor={filterId} className="block text-sm font-medium text-gray-800">
            Find a country<span className="sr-only"> for zone {zoneNumber}</span>
          </label>
          <input
            id={filterId}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            // Enter here filters; it does not save the form.
            onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
            placeholder="Type a name: Fra…"
            className={`${inputClass} sm:max-w-xs`}
          />
        </div>
      ) : null}
      <div
        ref={list}
        onChange={hydrated ? read : undefined}
        className="grid max-h-56 grid-cols-1 gap-x-4 overflow-y-auto rounded-md border border-gray-200 p-2 text-sm text-gray-900 sm:grid-cols-2 lg:grid-cols-3 [&>label]:flex [&>label]:min-w-0 [&>label]:items-center [&>label]:gap-2 [&>label]:py-1 [&>label[hidden]]:hidden [&_input]:h-4 [&_input]:w-4 [&_input]:shrink-0 [&_input]:accent-gray-900"
      >
        {COUNTRIES.map((country) => (
          // Filtered out, a box stays in the form (hidden), so what is ticked is still sent.
          <label key={country.code} hidden={!!wanted && !country.name.toLowerCase().includes(wanted)}>
            <input type="checkbox" name={meta.name} value={country.code} defaultChecked={initial.has(country.code)} />
            {country.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Methods({
  form,
  methods,
  zoneNumber,
  which,
}: {
  form: SettingsFormMeta;
  methods: MethodsField;
  zoneNumber: number;
  which: string;
}) {
  const list = methods.getFieldList();
  return (
    <fieldset className="space-y-3" aria-describedby={methods.errors ? methods.errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">Ways to deliver</legend>
      <ol className="space-y-3">
        {list.map((methodField, i) => {
          const method = methodField.getFieldset();
          const name = textOf(method.name.value);
          const where = (
            <span className="sr-only">
              {" "}
              (method {i + 1} of zone {zoneNumber})
            </span>
          );
          return (
            <li key={methodField.key} className="rounded-md bg-gray-50 p-3" data-testid="shipping-method">
              {/* Kept, so a shopper's choice at checkout still names this method after the owner's edits. */}
              <input {...getInputProps(method.id, { type: "hidden" })} />
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_7rem_7rem_1fr_auto] sm:items-start">
                <Labelled
                  meta={method.name}
                  errorPrefix={`${which}, method ${i + 1}`}
                  label={<>Method name{where}</>}
                  className="col-span-2 sm:col-span-1"
                >
                  <input {...getInputProps(method.name, { type: "text" })} placeholder="Standard" className={inputClass} />
                </Labelled>
                <Labelled meta={method.price} errorPrefix={`${which}, method ${i + 1}`} label={<>Price ($){where}</>}>
                  <input {...getInputProps(method.price, { type: "text" })} inputMode="decimal" placeholder="4.95" className={inputClass} />
                </Labelled>
                <Labelled meta={method.freeAbove} errorPrefix={`${which}, method ${i + 1}`} label={<>Free from ($){where}</>}>
                  <input
                    {...getInputProps(method.freeAbove, { type: "text" })}
                    required={false}
                    inputMode="decimal"
                    placeholder="Never"
                    className={inputClass}
                  />
                </Labelled>
                <Labelled
                  meta={method.estimate}
                  errorPrefix={`${which}, method ${i + 1}`}
                  label={<>Delivery estimate{where}</>}
                  className="col-span-2 sm:col-span-1"
                >
                  <input {...getInputProps(method.estimate, { type: "text" })} placeholder="3-5 business days" className={inputClass} />
                </Labelled>
                <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-6">
                  <Button
                    {...form.remove.getButtonProps({ name: methods.name, index: i })}
                    type="submit"
                    variant="ghost"
                    size="sm"
                    disabled={list.length === 1}
                  >
                    Remove
                    <span className="sr-only">
                      {" "}
                      method {i + 1} of zone {zoneNumber}
                      {name ? ` (${name})` : ""}
                    </span>
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <FirstErrorMark name={methods.name} />
      <ErrorList id={methods.errorId} errors={prefixed(methods.errors, which)} />
      <Button
        {...form.insert.getButtonProps({ name: methods.name, defaultValue: NEW_METHOD })}
        type="submit"
        variant="outline"
        size="sm"
        disabled={list.length >= MAX_METHODS}
      >
        Add method<span className="sr-only"> to zone {zoneNumber}</span>
      </Button>
    </fieldset>
  );
}
