import { CheckboxField, NumberField, SelectField } from "./evaluate-controls";

/**
 * How documents are cut: the strategy, the chunk size and the overlap (not shown, nor sent, for
 * whole documents), and whether each chunk is indexed with its document's title (not for external
 * or imported runs).
 */
export function ChunkingFields(props: {
  strategy: string;
  onStrategyChange: (strategy: string) => void;
  size: number;
  overlap: number;
  prependTitle: boolean;
}) {
  return (
    <>
      <SelectField
        name="strategy"
        label="Chunking"
        value={props.strategy}
        onChange={props.onStrategyChange}
        testId="chunking-strategy"
      >
        <option value="fixed-characters">Fixed characters</option>
        <option value="fixed-tokens">Fixed tokens</option>
        <option value="sentence-packed">Sentences packed up to a size</option>
        <option value="recursive">Recursive (paragraph → sentence → word)</option>
        <option value="document">Whole documents</option>
      </SelectField>
      {props.strategy === "document" ? null : (
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            name="chunkSize"
            label="Chunk size"
            value={props.size}
            hint="tokens for fixed tokens, else characters"
          />
          <NumberField
            name="chunkOverlap"
            label="Overlap"
            value={props.overlap}
            hint="same unit as the size"
          />
        </div>
      )}
      <CheckboxField
        name="prependTitle"
        label="Prepend title (index each chunk with its document's title)"
        checked={props.prependTitle}
      />
    </>
  );
}
