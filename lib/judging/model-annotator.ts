// The judges' annotator names live with the exchange format (lib/exchange/model-annotator.ts):
// the format, the judgment policy (lib/eval) and imports tell model labels by them, and those
// folders may not depend on lib/judging. Re-exported here for the judging code.
export {
  isModelAnnotator,
  MODEL_ROLE,
  modelAnnotatorName,
} from "@/lib/exchange/model-annotator";
