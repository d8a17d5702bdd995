import { type Dispatch, type SetStateAction, useState } from "react";

/**
 * State that starts as what the server rendered and is then kept by the client: the workspace's
 * actions answer what they changed instead of re-rendering the page, and the client applies it
 * here. When the server renders a new value (a navigation, a refresh), that value wins again.
 * Objects are compared by identity: a new render brings a new array.
 */
export function useServerState<T>(fromServer: T): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(fromServer);
  const [rendered, setRendered] = useState(fromServer);
  if (!Object.is(rendered, fromServer)) {
    setRendered(fromServer);
    setState(fromServer);
    return [fromServer, setState];
  }
  return [state, setState];
}
