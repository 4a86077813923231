/** The design system's switch (components/ui/switch.tsx), where the settings page finds it. */
export { Switch } from '../../../components/ui/switch';
