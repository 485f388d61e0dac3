import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function SignupScreen() {
  return <PlaceholderScreen titleKey="route.signup" />;
}
