import { NotFoundPanel } from "~/components/site/not-found-panel";

/** The not-found screen of the Knowledge Center (an unknown article or tag), always with a way back. */
export function LearnNotFound({ title, message }: { title: string; message: string }) {
  return <NotFoundPanel title={title} message={message} returnTo="/learn" returnLabel="Return to Knowledge Center" />;
}
