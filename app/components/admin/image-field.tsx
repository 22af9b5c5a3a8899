import { useState, type ChangeEvent } from "react";
import { FieldError } from "~/components/field-error";
import { UPLOAD_TYPES } from "~/lib/constants";
import { adminLabel } from "./ui";

const ACCEPT = UPLOAD_TYPES.join(",");

/**
 * One image of a staff form (a category's, a tutorial's featured image): the image now, a file
 * input for a new one and a "Remove" box. The form must post as `multipart/form-data`; the action
 * reads it with `imageFieldFrom` (app/http/pages/uploads.server). Without JavaScript it is a plain
 * file input; with it, the chosen file shows before it is sent.
 */
export function ImageField({
  name,
  label,
  current,
  errors,
  help = "JPEG, PNG or WebP, at most 5 MB.",
}: {
  name: string;
  label: string;
  current: string | null | undefined;
  errors?: Record<string, string[] | undefined>;
  help?: string;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const messages = errors?.[`${name}_file`] ?? errors?.[name];
  const id = `${name}_file`;
  // A data: URL, not a blob: one: the pages' Content-Security-Policy allows images from 'self' and data: only.
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return setPreview(null);
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : null);
    reader.readAsDataURL(file);
  };
  const shown = preview ?? current ?? null;
  return (
    <fieldset className="space-y-2">
      <legend className={adminLabel}>{label}</legend>
      <input type="hidden" name={name} value={current ?? ""} />
      {shown ? (
        <img
          src={shown}
          alt=""
          className="h-32 w-32 rounded-lg border border-bloom-100 object-cover"
          width={128}
          height={128}
        />
      ) : (
        <p className="text-sm text-gray-600">No image yet.</p>
      )}
      <div>
        <label htmlFor={id} className="text-sm text-gray-800">
          {current ? "Replace with" : "Upload"} <span className="text-gray-600">({help})</span>
        </label>
        <input
          id={id}
          name={id}
          type="file"
          accept={ACCEPT}
          onChange={onChange}
          aria-invalid={messages?.length ? true : undefined}
          aria-describedby={messages?.length ? `${id}-error` : undefined}
          className="mt-1 block w-full text-sm text-gray-800 file:mr-3 file:rounded-full file:border-0 file:bg-bloom-100 file:px-4 file:py-2 file:text-bloom-800"
        />
        <FieldError id={`${id}-error`} messages={messages} />
      </div>
      {current ? (
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" name={`${name}_remove`} value="1" /> Remove this image
        </label>
      ) : null}
    </fieldset>
  );
}
