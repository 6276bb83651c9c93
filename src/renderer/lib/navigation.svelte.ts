/**
 * A view's request to show another top-level section (the Messages sidebar's "Browse
 * channels"): App.svelte owns which section is on screen and follows these requests.
 */
export const navigation = $state<{ view: string | undefined; seq: number }>({
  view: undefined,
  seq: 0,
});

export function showSection(view: string): void {
  navigation.view = view;
  navigation.seq++;
}
