import type { ServerBuild } from "react-router";
import { wrapRouteHandlers, type RouteHandler } from "../framework/react-router-adapter.server";
import {
  BodyTooLarge,
  isUnreadableFormError,
  MALFORMED_FORM_MESSAGE,
  MalformedBody,
  malformedResponse,
  tooLargeResponse,
} from "./request-body.server";

/**
 * Every route action answers a body it could not read as the client's mistake, whichever way it
 * read it: a body past its route's limit (the stream every route reads stops there) is a 413, and
 * a form that is not one (a broken multipart body, a JSON body sent to a form) is a 400, each
 * with a sentence and without a stack trace in the log. Actions that read through
 * request-body.server.ts answer these themselves, often with their own words; this wrapper is for
 * one that calls `request.formData()` or lets the readers' errors through, so none can turn a
 * client's mistake into a 500.
 */

function answeringBodyErrors<H extends RouteHandler>(action: H): H {
  return (async (...args: Parameters<H>) => {
    try {
      return await action(...args);
    } catch (error) {
      if (error instanceof BodyTooLarge) throw tooLargeResponse(error);
      if (error instanceof MalformedBody) throw malformedResponse(error);
      if (isUnreadableFormError(error)) throw malformedResponse(new MalformedBody(MALFORMED_FORM_MESSAGE));
      throw error;
    }
  }) as H;
}

const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/** The same build, with every action answering an unreadable body as above. Each build is wrapped once. */
export function withBodyErrorResponses(build: ServerBuild): ServerBuild {
  let wrapped = wrappedBuilds.get(build);
  if (!wrapped) {
    wrapped = wrapRouteHandlers(build, (handler, kind) => (kind === "action" ? answeringBodyErrors(handler) : undefined));
    wrappedBuilds.set(build, wrapped);
  }
  return wrapped;
}
