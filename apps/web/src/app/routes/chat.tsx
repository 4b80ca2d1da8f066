import { SimplePage } from '../../components/layout/simple-page';

/** Placeholder: the signed-in navigation's chat link lands here until the chat service is chosen. */
export function ChatRoute() {
  return (
    <>
      <title>Chat · Coffee Shop</title>
      <SimplePage title="Chat" />
    </>
  );
}
