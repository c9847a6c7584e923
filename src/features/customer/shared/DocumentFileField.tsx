// The file field of an identity document (the account's documents, an order's documents): images
// and PDF as the API accepts them, its refusal under it. `keep`: the chosen file stays in the field
// (a document the server could not store yet is sent again from the same choice).
import { ACCEPTED_DOCUMENT_TYPES } from '../../../domain/medias';

export default function DocumentFileField(props: { id: string; label: string; error?: string | null; busy: boolean; keep?: boolean; onFile: (file: File) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="file"
        accept={ACCEPTED_DOCUMENT_TYPES}
        disabled={props.busy}
        aria-invalid={!!props.error}
        aria-describedby={`${props.id}-error`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (!props.keep) e.currentTarget.value = '';
          if (file) props.onFile(file);
        }}
      />
      <p id={`${props.id}-error`} className="field__error">
        {props.error}
      </p>
    </div>
  );
}
