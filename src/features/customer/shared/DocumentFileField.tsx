// The file field of an identity document (the account's documents, an order's documents): images
// and PDF as the API accepts them, a button in the page's language, its refusal under it. `keep`: the chosen file stays in the field
// (a document the server could not store yet is sent again from the same choice).
import { useState } from 'react';
import { ACCEPTED_DOCUMENT_TYPES } from '~/domain/medias';
import '~/components/ui/controls.css';

export default function DocumentFileField(props: { id: string; label: string; error?: string | null; busy: boolean; keep?: boolean; onFile: (file: File) => void }) {
  // The field keeps its choice (`keep`): its name is said beside the button, the browser's own
  // "no file chosen" being hidden with the native picker.
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className="field">
      <div>
        <label className="file-pick">
          {props.label}
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
              else setChosen(file?.name ?? null);
              if (file) props.onFile(file);
            }}
          />
        </label>
        {props.keep && chosen && <span className="file-pick__chosen">{chosen}</span>}
      </div>
      <p id={`${props.id}-error`} className="field__error">
        {props.error}
      </p>
    </div>
  );
}
