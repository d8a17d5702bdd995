import { SampleIntoSetForm } from "@/components/logs/sample-into-set-form";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { sampleIntoSetAction } from "./actions";

type Props = {
  id: string;
  sets: { length: number };
  setOptions: { id: string; name: string; corpusName: string }[];
  corpora: { id: string; name: string }[];
  mix: { totalDistinct: number };
};

export function SampleIntoSetCard({ id, sets, setOptions, corpora, mix }: Props) {
  return (
    <Card className="lg:col-span-2 xl:col-span-1">
      <CardHeader
        title="Sample into a golden set"
        description="A reproducible sample of this log's queries, with provenance."
      />
      <CardBody>
        {corpora.length === 0 && sets.length === 0 ? (
          <p className="text-xs text-zinc-500">
            Import a corpus first:{" "}
            <Link href="/corpora" className="font-medium underline">
              corpora
            </Link>
            .
          </p>
        ) : (
          <SampleIntoSetForm
            action={sampleIntoSetAction.bind(null, id)}
            sets={setOptions}
            corpora={corpora.map((corpus) => ({ id: corpus.id, name: corpus.name }))}
            distinctQueries={mix.totalDistinct}
          />
        )}
      </CardBody>
    </Card>
  );
}
