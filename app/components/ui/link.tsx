import type { ComponentProps, ComponentType } from "react";
import { Form as RouterForm, Link as RouterLink, NavLink as RouterNavLink } from "react-router";
import type { FetcherWithComponents, FormProps } from "react-router";

/*
 * React Router's Link, NavLink and Form, without the `data-discover="true"` attribute they write
 * by default. That attribute only tells lazy route discovery which links to ask the server about;
 * this site loads the whole route manifest up front (react-router.config.ts, docs/decisions/0047),
 * so nothing reads it and it would only add bytes to every page (82 links on the home page).
 * ESLint keeps the site's links and forms on this file.
 */

export function Link(props: ComponentProps<typeof RouterLink>) {
  return <RouterLink discover="none" {...props} />;
}

export function NavLink(props: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink discover="none" {...props} />;
}

export function Form(props: ComponentProps<typeof RouterForm>) {
  return <RouterForm discover="none" {...props} />;
}

type FetcherFormComponent = FetcherWithComponents<unknown>["Form"];
type FetcherFormProps = ComponentProps<FetcherFormComponent>;

/**
 * A fetcher's form, `<FetcherForm fetcher={fetcher}>` for `<fetcher.Form>`. `fetcher.Form` renders
 * React Router's Form with every prop it is given, so it writes the attribute too, but its props
 * type leaves `discover` out: hence the widened type here.
 */
export function FetcherForm({ fetcher, ...props }: FetcherFormProps & { fetcher: { Form: FetcherFormComponent } }) {
  const Form = fetcher.Form as ComponentType<FetcherFormProps & Pick<FormProps, "discover">>;
  return <Form discover="none" {...props} />;
}
