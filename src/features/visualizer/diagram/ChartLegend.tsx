import classes from './Statechart.module.css';

/** What the chart's marks mean; each mark differs in shape too, not in colour alone. */
export function ChartLegend() {
  return (
    <ul className={classes.legend} aria-label="Legend">
      <li>
        <span className={classes.legendState} data-active aria-hidden="true" />
        Active state (thick border)
      </li>
      <li>
        <span className={classes.legendState} data-visited aria-hidden="true">
          ✓
        </span>
        Visited in this run
      </li>
      <li>
        <span className={classes.legendLine} data-path aria-hidden="true" />
        Transition taken (thick line)
      </li>
      <li>
        <span className={classes.legendLabel} data-enabled aria-hidden="true">
          event
        </span>
        Event you can send
      </li>
    </ul>
  );
}
