import type { CSSProperties, ReactNode, Ref, SVGProps } from 'react';

/** The props of lucide-react's icons that this app's components pass. */
export interface SpriteIconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
  color?: string;
  strokeWidth?: number | string;
  absoluteStrokeWidth?: boolean;
  ref?: Ref<SVGSVGElement>;
  children?: ReactNode;
}

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some((key) => (key.startsWith('aria-') || key === 'role' || key === 'title') && props[key] !== undefined);

/**
 * An icon drawn by reference to the build's icon sprite (`<use href="/assets/icons.<hash>.svg#name">`)
 * instead of a copy of its paths: what every `lucide-react` import resolves to in a build
 * (scripts/vite-icon-sprite.mjs). Same element, size and accessible behaviour as lucide's
 * own icons; the size (24 px) and stroke style lucide sets as attributes come from the `.icon-ref`
 * rule in styles/index.css, so utilities such as `size-4` and `fill-current` still win, and a prop
 * that differs from lucide's default is written as a style.
 */
export function spriteIcon(href: string, classes: string, displayName: string) {
  function Icon({ size, color, strokeWidth, absoluteStrokeWidth, fill, className, children, style, ...rest }: SpriteIconProps) {
    let own: CSSProperties | undefined;
    if (size !== undefined || color !== undefined || strokeWidth !== undefined || fill !== undefined || absoluteStrokeWidth) {
      const width = absoluteStrokeWidth ? (Number(strokeWidth ?? 2) * 24) / Number(size ?? 24) : strokeWidth;
      own = {
        ...(size === undefined ? {} : { width: Number(size), height: Number(size) }),
        ...(color === undefined ? {} : { stroke: color }),
        ...(width === undefined ? {} : { strokeWidth: width }),
        ...(fill === undefined ? {} : { fill }),
      };
    }
    return (
      <svg
        className={className ? `${classes} ${className}` : classes}
        aria-hidden={children || hasA11yProp(rest) ? undefined : 'true'}
        style={own || style ? { ...own, ...style } : undefined}
        {...rest}
      >
        <use href={href} />
        {children}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}
